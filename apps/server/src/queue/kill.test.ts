import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { spawnChild } from '../test/child-app.js';
import { uniqueEmail } from '../test/factories.js';
import { startSilentServer, startSmtp } from '../test/smtp.js';
import { WorkQueue } from './work-queue.js';

const CHILD = fileURLToPath(new URL('./testing/job-process.ts', import.meta.url));

/** Runs the child until it prints `line`, then kills it with SIGKILL. */
async function killWhen(args: string[], line: string): Promise<void> {
  const child = spawnChild(CHILD, args);
  await child.printed(new RegExp(line));
  expect(await child.kill()).toBe('SIGKILL');
}

/** The lease of every running job has lapsed, as it has once LEASE_MS passed after the kill. */
const lapse = (t: TestApp) =>
  t.db.kysely
    .updateTable('jobs')
    .set({ leased_until: new Date(Date.now() - 1_000).toISOString() })
    .where('state', '=', 'running')
    .execute();

describe('the work queue across a crash (SIGKILL in the middle of a job)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('a mail whose delivery was under way is sent exactly once by the next process', async () => {
    const silent = await startSilentServer();
    cleanups.push(silent.close);
    const sink = await startSmtp();
    cleanups.push(sink.close);
    const first = await buildTestApp({}, { keep: true });
    await first.close();
    const email = uniqueEmail('killed');

    await killWhen([first.dataDir, first.pgSchema ?? '-', 'mail', silent.url, email], 'delivering');
    const fresh = await buildTestApp({ SMTP_URL: sink.url }, { dataDir: first.dataDir, pgSchema: first.pgSchema });
    cleanups.push(() => fresh.close());
    await fresh.app.queue.idle();
    expect(sink.received).toHaveLength(0); // its lease holds yet: the dead process might still send it
    await lapse(fresh);
    fresh.app.queue.wake();
    await fresh.app.queue.idle();

    expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    const rows = await fresh.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
    expect(await fresh.db.kysely.selectFrom('jobs').selectAll().where('queue', '=', 'mail.deliver').execute()).toEqual(
      [],
    );
    // Woken again, nothing is sent twice.
    fresh.app.queue.wake();
    await fresh.app.queue.idle();
    expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  }, 60_000);

  it('a periodic job whose run was under way runs once more, and its chain goes on single', async () => {
    const first = await buildTestApp({}, { keep: true });
    cleanups.push(() => first.close());
    await killWhen([first.dataDir, first.pgSchema ?? '-', 'periodic'], 'ticking');
    await lapse(first);

    // Two fresh processes start at once: the interrupted run is done by one of them, once.
    let runs = 0;
    const queues = [first.db, (await buildTestApp({}, { dataDir: first.dataDir, pgSchema: first.pgSchema })).db].map(
      (db) => {
        const queue = new WorkQueue({ db: db.kysely, dialect: db.dialect, log: pino({ level: 'silent' }) });
        queue.every('test.tick', 60_000, () => Promise.resolve(void runs++), { atStart: true });
        return queue;
      },
    );
    for (const queue of queues) cleanups.push(() => queue.close());
    await Promise.all(queues.map((q) => q.start()));
    await Promise.all(queues.map((q) => q.idle()));
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(queues.map((q) => q.idle()));

    expect(runs).toBe(1);
    const chain = await first.db.kysely
      .selectFrom('jobs')
      .select(['state', 'key'])
      .where('queue', '=', 'every:test.tick')
      .execute();
    expect(chain).toEqual([{ state: 'queued', key: 'every:test.tick' }]);
  }, 60_000);
});
