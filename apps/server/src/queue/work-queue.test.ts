import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordEvent, transact } from '../events/log.js';
import { buildSecondProcess, buildTestApp, useTestApp, type TestApp } from '../test/app.js';
import { PermanentJobError, WorkQueue, type QueueDefinition } from './work-queue.js';

const silent = pino({ level: 'silent' });
/** A log that keeps its calls. */
const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A run that waits until released, counting its starts. */
function heldRun() {
  let release = () => {};
  let free = false;
  const state = {
    starts: 0,
    release: () => release(),
    free: () => {
      free = true;
      release();
    },
  };
  const run = vi.fn(async () => {
    state.starts++;
    if (!free) await new Promise<void>((resolve) => (release = resolve));
    return 1;
  });
  return { run, state };
}

describe('the work queue', () => {
  const t = useTestApp();
  const queues: WorkQueue[] = [];
  afterEach(async () => {
    while (queues.length) await queues.pop()!.close();
  });

  /** A queue of its own over the test app's database (names unique per test). */
  const newQueue = async (
    defs: QueueDefinition<never>[],
    options: { now?: () => number; log?: ReturnType<typeof spyLog>; periodic?: boolean } = {},
  ) => {
    const queue = new WorkQueue({
      db: t.db.kysely,
      dialect: t.db.dialect,
      log: (options.log ?? silent) as never,
      ...(options.now ? { now: options.now } : {}),
      periodic: options.periodic ?? true,
    });
    for (const def of defs) queue.define(def);
    queues.push(queue);
    await queue.start();
    return queue;
  };
  let n = 0;
  const unique = (name: string) => `test.${name}.${++n}`;
  const jobsOf = (queue: string) =>
    t.db.kysely.selectFrom('jobs').selectAll().where('queue', '=', queue).orderBy('id').execute();

  it('claims an urgent queue first at each pass, whatever the names', async () => {
    // 'a…' sorts before 'z…': without urgent, the database hands the counts in name order.
    const started: string[] = [];
    const slow = `test.a-slow.${++n}`;
    const live = `test.z-live.${++n}`;
    const queue = await newQueue([
      { name: slow, handle: () => Promise.resolve(void started.push('slow')) },
      { name: live, urgent: true, handle: () => Promise.resolve(void started.push('live')) },
    ]);
    queue.hold(slow, live);
    await transact(t.db.kysely, async (trx) => {
      await queue.enqueue(trx, slow, {});
      await queue.enqueue(trx, live, {});
    });
    queue.resume(slow, live);
    await queue.idle();
    expect(started).toEqual(['live', 'slow']);
  });

  it('runs a job queued in a transaction once it commits, and never one whose transaction rolled back', async () => {
    const name = unique('commit');
    const seen: string[] = [];
    const queue = await newQueue([{ name, handle: (p: { v: string }) => Promise.resolve(void seen.push(p.v)) }]);
    await expect(
      transact(t.db.kysely, async (trx) => {
        await queue.enqueue(trx, name, { v: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await transact(t.db.kysely, (trx) => queue.enqueue(trx, name, { v: 'committed' }));
    // Woken by the commit: no idle() or poll asks it to look.
    await until(() => seen.length > 0, 'the committed job');
    await queue.idle();
    expect(seen).toEqual(['committed']);
    expect(await jobsOf(name)).toEqual([]); // done rows go
  });

  it('retries a failing job after its back-off, fails it for good after its attempts and keeps it to retry by hand', async () => {
    const name = unique('retry');
    let clock = Date.now();
    let fail = true;
    const attempts: number[] = [];
    const log = spyLog();
    const queue = await newQueue(
      [
        {
          name,
          maxAttempts: 3,
          backoffMs: [60_000, 120_000],
          handle: (_p: null, job) => {
            attempts.push(job.attempt);
            return fail ? Promise.reject(new Error('smtp away')) : Promise.resolve();
          },
        },
      ],
      { now: () => clock, log },
    );
    await queue.enqueue(t.db.kysely, name, null);
    await queue.idle();
    expect(attempts).toEqual([1]);
    const [waiting] = await jobsOf(name);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, last_error: 'smtp away' });
    expect(waiting!.run_at).toBe(new Date(clock + 60_000).toISOString());

    clock += 59_000;
    await queue.idle();
    expect(attempts).toEqual([1]); // not due yet
    clock += 1_000;
    await queue.idle();
    clock += 120_000;
    await queue.idle();
    expect(attempts).toEqual([1, 2, 3]);
    const failed = await queue.failed(name);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ state: 'failed', attempts: 3, last_error: 'smtp away' });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toMatch(/failed for good after 3 attempts: smtp away/);

    clock += 86_400_000;
    await queue.idle();
    expect(attempts).toHaveLength(3); // failed stays failed

    fail = false;
    expect(await queue.retry(failed[0]!.id)).toBe(true);
    await queue.idle();
    expect(attempts).toEqual([1, 2, 3, 1]);
    expect(await jobsOf(name)).toEqual([]);
  });

  it('a permanent error fails the job at once', async () => {
    const name = unique('permanent');
    let runs = 0;
    const queue = await newQueue([
      {
        name,
        handle: () => {
          runs++;
          return Promise.reject(new PermanentJobError('not a media file'));
        },
      },
    ]);
    await queue.enqueue(t.db.kysely, name, null);
    await queue.idle();
    expect(runs).toBe(1);
    expect((await jobsOf(name)).map((j) => [j.state, j.last_error])).toEqual([['failed', 'not a media file']]);
  });

  it('runs at most `concurrency` jobs of a queue at once in a process', async () => {
    const name = unique('concurrency');
    let now = 0;
    let most = 0;
    const queue = await newQueue([
      {
        name,
        concurrency: 3,
        handle: async () => {
          most = Math.max(most, ++now);
          await new Promise((r) => setTimeout(r, 20));
          now--;
        },
      },
    ]);
    await transact(t.db.kysely, async (trx) => {
      for (let i = 0; i < 10; i++) await queue.enqueue(trx, name, i);
    });
    await queue.idle();
    expect(most).toBe(3);
    expect(await jobsOf(name)).toEqual([]);
  });

  it('a delayed job waits for its time, then is woken by its own timer', async () => {
    const name = unique('delayed');
    const ran: number[] = [];
    const queue = await newQueue([{ name, handle: () => Promise.resolve(void ran.push(Date.now())) }]);
    const queuedAt = Date.now();
    await queue.enqueue(t.db.kysely, name, null, { delayMs: 300 });
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toEqual([]);
    await until(() => ran.length > 0, 'the delayed job');
    expect(ran[0]! - queuedAt).toBeGreaterThanOrEqual(300);
  });

  it('a keyed job is queued once while it waits, and runs again for work queued while it runs', async () => {
    const name = unique('keyed');
    const held = heldRun();
    const queue = await newQueue([{ name, handle: async () => void (await held.run()) }]);
    queue.hold(name);
    for (let i = 0; i < 5; i++) await queue.enqueue(t.db.kysely, name, null, { key: name });
    expect(await jobsOf(name)).toHaveLength(1);
    queue.resume(name);
    await until(() => held.state.starts === 1, 'the first run');
    // Queued while it runs: one more run follows, not overlapping.
    await queue.enqueue(t.db.kysely, name, null, { key: name });
    await queue.enqueue(t.db.kysely, name, null, { key: name });
    expect((await jobsOf(name)).map((j) => j.state).sort()).toEqual(['queued', 'running']);
    await new Promise((r) => setTimeout(r, 50));
    expect(held.state.starts).toBe(1);
    held.state.free();
    await queue.idle();
    expect(held.state.starts).toBe(2);
  });

  it('a run whose process died is taken over once its lease lapses; a run that keeps dying is failed', async () => {
    const name = unique('lapsed');
    const ran: number[] = [];
    let clock = Date.now();
    const queue = await newQueue([{ name, maxAttempts: 2, handle: (p: number) => Promise.resolve(void ran.push(p)) }], {
      now: () => clock,
    });
    queue.hold(name);
    const past = new Date(clock - 60_000).toISOString();
    const future = new Date(clock + 60_000).toISOString();
    const died = (payload: number, attempts: number, leasedUntil: string) => ({
      queue: name,
      key: null,
      payload: String(payload),
      state: 'running' as const,
      attempts,
      run_at: past,
      leased_by: 'a-process-that-died',
      leased_until: leasedUntil,
      created_at: past,
    });
    await t.db.kysely
      .insertInto('jobs')
      .values([died(1, 1, past), died(2, 1, future), died(3, 2, past)])
      .execute();
    queue.resume(name);
    await queue.idle();
    expect(ran).toEqual([1]); // 2's lease holds; 3 died in each of its two attempts
    expect((await jobsOf(name)).map((j) => [j.payload, j.state])).toEqual([
      ['2', 'running'],
      ['3', 'failed'],
    ]);
    clock += 120_000;
    await queue.idle();
    expect(ran).toEqual([1, 2]);
  });

  it('a job failed for good runs its onFailed in the transaction that fails it, also when its process died each time', async () => {
    const name = unique('on-failed');
    let clock = Date.now();
    const told: { payload: string; error: string; state: string | undefined }[] = [];
    let refuse = false;
    const queue = await newQueue(
      [
        {
          name,
          maxAttempts: 2,
          backoffMs: [0],
          handle: () => Promise.reject(new Error('not playable')),
          onFailed: async (payload: string, trx, error) => {
            if (refuse) throw new Error('database away');
            // Inside the transaction that fails it: the row is failed there already.
            const row = await trx
              .selectFrom('jobs')
              .select('state')
              .where('payload', '=', JSON.stringify(payload))
              .executeTakeFirst();
            told.push({ payload, error, state: row?.state });
          },
        },
      ],
      { now: () => clock },
    );
    await queue.enqueue(t.db.kysely, name, 'tried');
    await queue.idle();
    expect(told).toEqual([{ payload: 'tried', error: 'not playable', state: 'failed' }]);

    // Its process died during each attempt: failed at the next claim, onFailed with the last error.
    queue.hold(name);
    const past = new Date(clock - 60_000).toISOString();
    await t.db.kysely
      .insertInto('jobs')
      .values({
        queue: name,
        key: null,
        payload: JSON.stringify('died'),
        state: 'running',
        attempts: 2,
        run_at: past,
        leased_by: 'a-process-that-died',
        leased_until: past,
        last_error: 'ffmpeg killed',
        created_at: past,
      })
      .execute();
    // An onFailed that throws leaves the job unfailed (rolled back with it): tried again later.
    refuse = true;
    queue.resume(name);
    await queue.idle();
    expect(told).toHaveLength(1);
    const [died] = (await jobsOf(name)).filter((j) => j.payload === JSON.stringify('died'));
    expect(died).toMatchObject({ state: 'running', attempts: 3 });
    refuse = false;
    clock += 120_000; // its lease lapses
    await queue.idle();
    expect(told).toEqual([
      { payload: 'tried', error: 'not playable', state: 'failed' },
      { payload: 'died', error: 'ffmpeg killed', state: 'failed' },
    ]);
    expect((await jobsOf(name)).map((j) => j.state)).toEqual(['failed', 'failed']);
  });

  it('close hands back a run that aborts on shutdown, and waits for one that finishes', async () => {
    const abortName = unique('abort');
    const finishName = unique('finish');
    const held = heldRun();
    const queue = await newQueue([
      {
        name: abortName,
        onClose: 'abort',
        handle: (_p: null, job) =>
          new Promise<void>((_resolve, reject) =>
            job.signal.addEventListener('abort', () => reject(new Error('stopped'))),
          ),
      },
      { name: finishName, handle: async () => void (await held.run()) },
    ]);
    await queue.enqueue(t.db.kysely, abortName, null);
    await queue.enqueue(t.db.kysely, finishName, null);
    await until(async () => (await jobsOf(abortName))[0]?.state === 'running' && held.state.starts === 1, 'both runs');
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    held.state.release();
    await closing;
    expect((await jobsOf(abortName)).map((j) => [j.state, j.attempts])).toEqual([['queued', 0]]);
    expect(await jobsOf(finishName)).toEqual([]);
  });

  it('a periodic job never overlaps itself; the next run is timed from the end of the last', async () => {
    const name = unique('periodic');
    const held = heldRun();
    const queue = await newQueue([]);
    queue.every(name, 100, held.run);
    await until(() => held.state.starts === 1, 'the first run');
    await new Promise((r) => setTimeout(r, 400));
    expect(held.state.starts).toBe(1);
    const released = Date.now();
    held.state.release();
    await until(() => held.state.starts === 2, 'the second run');
    expect(Date.now() - released).toBeGreaterThanOrEqual(90);
    held.state.free();
    expect(() => queue.every(name, 100, held.run)).toThrow(/scheduled already/);
  });

  it('logs the first failure of a periodic job with its stack, the next ones as one line, and keeps going', async () => {
    const name = unique('periodic-failing');
    const log = spyLog();
    let fail = true;
    const run = vi.fn(async () => {
      if (fail) throw new Error('database down');
      return 3;
    });
    const queue = await newQueue([], { log });
    queue.every(name, 20, run, { didWork: 'did it' });
    await until(() => run.mock.calls.length >= 4, 'four runs');
    fail = false;
    await until(() => log.info.mock.calls.some((c) => c[1] === 'did it'), 'a run that did work');
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ job: name, err: expect.any(Error) });
    expect(log.warn.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(log.warn.mock.calls[0]![0]).toEqual({ job: name, failures: 2, reason: 'database down' });
    expect(log.info).toHaveBeenCalledWith({ job: name, done: 3 }, 'did it');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ job: name, failures: expect.any(Number) }),
      'job recovered',
    );
  });

  it('runs no periodic job when periodic jobs are off (tests run them by hand)', async () => {
    const name = unique('periodic-off');
    const run = vi.fn(async () => undefined);
    const queue = await newQueue([], { periodic: false });
    queue.every(name, 10, run, { atStart: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(run).not.toHaveBeenCalled();
    await queue.runPeriodic(name);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('every transaction that records an event queues one drain per consumer, whatever its number of events', async () => {
    t.app.events.hold();
    try {
      await transact(t.db.kysely, async (trx) => {
        for (let i = 0; i < 3; i++) await recordEvent(trx, { type: 'todo.changed', team_id: 1, list_id: null });
      });
      await transact(t.db.kysely, (trx) => recordEvent(trx, { type: 'todo.changed', team_id: 1, list_id: null }));
      const drains = await t.db.kysely
        .selectFrom('jobs')
        .select(['queue', 'key'])
        .where('queue', 'like', 'events.%')
        .where('state', '=', 'queued')
        .orderBy('queue')
        .execute();
      expect(drains).toEqual([
        { queue: 'events.notifications', key: 'events.notifications' },
        { queue: 'events.realtime', key: 'events.realtime' },
      ]);
    } finally {
      t.app.events.resume();
      await t.app.queue.idle();
    }
  });
});

describe('the work queue in the app', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    while (apps.length) await apps.pop()!.close();
  });

  it('registers every periodic job of the modules', async () => {
    const app = await buildTestApp({}, {});
    apps.push(app);
    expect(app.app.queue.periodic.sort()).toEqual(
      [
        'billing.trial-expiry',
        'events.prune',
        'portfolio.attention',
        'portfolio.digest',
        'push.flush-held',
        'push.prune-ended',
        'teams.purge',
        'topics.publish',
        'uploads.sweep',
        'watercooler.sweep',
      ].sort(),
    );
  });

  it('one run of a periodic job at a time across two processes on one database', async () => {
    const first = await buildTestApp({}, { schedules: true });
    apps.push(first);
    const second = await buildSecondProcess(first);
    apps.unshift(second);
    const other = new WorkQueue({ db: second.db.kysely, dialect: second.db.dialect, log: silent });
    const a = heldRun();
    const b = vi.fn(async () => undefined);
    first.app.queue.every('test.shared', 50, a.run);
    await until(() => a.state.starts === 1, 'the first process runs it');
    other.every('test.shared', 50, b);
    await other.start();
    // While the first process runs it, the second one never does.
    await new Promise((r) => setTimeout(r, 300));
    expect(b).not.toHaveBeenCalled();
    a.state.free();
    await until(() => b.mock.calls.length > 0 || a.state.starts > 1, 'a next run');
    await other.close();
  });
});
