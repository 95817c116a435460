import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.js';

const WRITER = fileURLToPath(new URL('./testing/contending-writer.ts', import.meta.url));
/** Read-then-write transactions per process: enough that the two overlap many times. */
const ROUNDS = 150;

interface Outcome {
  committed: number;
  /** Failed transactions by error code. */
  errors: Record<string, number>;
}

/** A child running contending-writer.ts; `ready` once it has opened the file, `done` with its outcome. */
function startWriter(file: string, name: string) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', WRITER, file, name, String(ROUNDS)],
    { stdio: 'pipe', env: process.env },
  );
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`writer ${name} ended (${String(code)}) before it reported: ${err}`);
  });
  const line = (pattern: RegExp) =>
    Promise.race([
      new Promise<string>((resolve) => {
        const check = () => {
          const found = pattern.exec(out)?.[0];
          if (found) resolve(found);
        };
        child.stdout.on('data', check);
        check();
      }),
      exited,
    ]);
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return {
    child,
    ready: line(/^ready$/m),
    done: line(/^\{.*\}$/m).then((json) => JSON.parse(json) as Outcome),
  };
}

describe('SQLite shared by two processes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-two-processes-'));
  const file = path.join(dir, 'rally.sqlite');
  const children: ChildProcessWithoutNullStreams[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('read-then-write transactions of both wait for each other: no SQLITE_BUSY, no lost update', async () => {
    const db = openDatabase({ sqliteFile: file });
    await migrateToLatest(db.kysely);
    await sql`create table contention (id integer primary key, value integer not null)`.execute(db.kysely);
    await sql`create table contention_writes (writer text not null, round integer not null)`.execute(db.kysely);
    await sql`insert into contention (id, value) values (1, 0)`.execute(db.kysely);

    const writers = [startWriter(file, 'a'), startWriter(file, 'b')];
    children.push(...writers.map((w) => w.child));
    await Promise.all(writers.map((w) => w.ready));
    for (const w of writers) w.child.stdin.write('go\n');
    const outcomes = await Promise.all(writers.map((w) => w.done));

    // Under the deferred `begin` of Kysely's SQLite driver, a transaction that had read when the
    // other process held or had just taken the write lock failed at once with SQLITE_BUSY (or
    // SQLITE_BUSY_SNAPSHOT): the busy timeout does not apply to a read lock upgrading to a write.
    expect(outcomes).toEqual([
      { committed: ROUNDS, errors: {} },
      { committed: ROUNDS, errors: {} },
    ]);
    const { rows } = await sql<{ value: number }>`select value from contention where id = 1`.execute(db.kysely);
    expect(rows[0]?.value).toBe(2 * ROUNDS);
    const written = await sql<{ writer: string; n: number }>`
      select writer, count(*) as n from contention_writes group by writer order by writer`.execute(db.kysely);
    expect(written.rows).toEqual([
      { writer: 'a', n: ROUNDS },
      { writer: 'b', n: ROUNDS },
    ]);
    // And they did contend: their commits interleave (over a hundred turns on a quiet machine).
    const order = (
      await sql<{ writer: string }>`select writer from contention_writes order by rowid`.execute(db.kysely)
    ).rows;
    const turns = order.filter((row, i) => i > 0 && row.writer !== order[i - 1]!.writer).length;
    expect(turns).toBeGreaterThanOrEqual(10);
    await db.kysely.destroy();
  });
});
