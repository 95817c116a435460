import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildSecondProcess, testDatabaseUrl, useTestApp } from '../test/app.js';
import { runAlone } from './job-lock.js';

/** A job that runs until released; `started` resolves once it runs (its lock is held then). */
function heldJob<T>(result: T) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const work = async () => {
    started();
    await held;
    return result;
  };
  return { work, running, release };
}

describe('runAlone', () => {
  const t = useTestApp();

  it('skips a run of the same job while one is under way, and runs once it has ended', async () => {
    const job = heldJob('first');
    const first = runAlone(t.db.kysely, 'test.job', job.work);
    // The first run holds its lock once its work has begun (a fixed wait was too short on a busy box).
    await job.running;
    expect(await runAlone(t.db.kysely, 'test.job', async () => 'second')).toBeUndefined();
    expect(await runAlone(t.db.kysely, 'other.job', async () => 'other')).toBe('other');
    job.release();
    expect(await first).toBe('first');
    expect(await runAlone(t.db.kysely, 'test.job', async () => 'third')).toBe('third');
  });

  it('lets the next run go after a run that failed', async () => {
    await expect(
      runAlone(t.db.kysely, 'failing.job', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    if (testDatabaseUrl) expect(await lockHolders(t.db.kysely, 'failing.job')).toEqual([]);
    expect(await runAlone(t.db.kysely, 'failing.job', async () => 'again')).toBe('again');
  });
});

describe.runIf(testDatabaseUrl)('runAlone on PostgreSQL', () => {
  const t = useTestApp();

  it('one run at a time across two processes on one database: the other skips its round', async () => {
    const second = await buildSecondProcess(t);
    try {
      const job = heldJob('first');
      const first = runAlone(t.db.kysely, 'shared.job', job.work);
      await job.running;
      expect(await runAlone(second.db.kysely, 'shared.job', async () => 'second')).toBeUndefined();
      job.release();
      expect(await first).toBe('first');
      expect(await runAlone(second.db.kysely, 'shared.job', async () => 'second')).toBe('second');
    } finally {
      await second.close();
    }
  });

  it('holds a transaction-level lock, in a transaction open for the run (PgBouncer transaction mode)', async () => {
    const during = await runAlone(t.db.kysely, 'xact.job', () => lockHolders(t.db.kysely, 'xact.job'));
    // One holder, idle in its transaction while the job works: a session lock's holder would be
    // idle outside any transaction, and a transaction pooler could hand its server connection on.
    expect(during).toEqual([{ state: 'idle in transaction', in_transaction: true, this_connection: false }]);
    // The job's own queries ran on another pooled connection, not in the lock's transaction.
    expect(await lockHolders(t.db.kysely, 'xact.job')).toEqual([]);
  });

  it('loses its lock with its connection: a run elsewhere may go once the holder is gone', async () => {
    const job = heldJob('orphaned');
    const first = runAlone(t.db.kysely, 'killed.job', job.work);
    await job.running;
    // As when the holder's process dies: the server ends its connection, and the transaction with it.
    const [holder] = await sql<{ pid: number }>`
      select l.pid from pg_locks l where ${lockOf('killed.job')}`
      .execute(t.db.kysely)
      .then((r) => r.rows);
    await sql`select pg_terminate_backend(${holder!.pid})`.execute(t.db.kysely);
    await expect.poll(() => lockHolders(t.db.kysely, 'killed.job')).toEqual([]);
    expect(await runAlone(t.db.kysely, 'killed.job', async () => 'next')).toBe('next');
    job.release();
    await expect(first).rejects.toThrow();
  });
});

/** The advisory lock `runAlone` takes for job `name` in this schema, as `pg_locks` shows it. */
const lockOf = (name: string) => sql`
  l.locktype = 'advisory' and l.granted and l.objsubid = 2
  and l.database = (select oid from pg_database where datname = current_database())
  and l.classid = hashtext(current_schema())::oid and l.objid = hashtext(${name})::oid`;

/** Every connection holding job `name`'s lock, asked on a connection of the pool. */
async function lockHolders<DB>(db: Kysely<DB>, name: string) {
  const { rows } = await sql<{ state: string; in_transaction: boolean; this_connection: boolean }>`
    select a.state, a.xact_start is not null as in_transaction, a.pid = pg_backend_pid() as this_connection
    from pg_locks l join pg_stat_activity a using (pid)
    where ${lockOf(name)}`.execute(db);
  return rows;
}
