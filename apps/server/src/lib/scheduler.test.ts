import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSecondProcess, buildTestApp, capturedLog, useTestApp, type TestApp } from '../test/app.js';
import { createScheduler } from './scheduler.js';

/** A run that waits until released, counting its starts. */
function heldRun() {
  let release = () => {};
  let free = false;
  const state = {
    starts: 0,
    release: () => release(),
    /** Releases the run under way and lets every later one through. */
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

afterEach(() => {
  vi.useRealTimers();
});

describe('the scheduler', () => {
  const t = useTestApp();
  const silent = () => ({ log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } });

  it('never overlaps a run with itself: the next is timed from the end of the last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { log } = silent();
    const scheduler = createScheduler({ db: t.db.kysely, log: log as never });
    const { run, state } = heldRun();
    scheduler.every('test.no-overlap', 1000, run);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(state.starts).toBe(1));
    // Ten intervals pass while the first run is held: no second start.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.starts).toBe(1);
    state.release();
    // The run has ended (its lock released: a round trip on PostgreSQL) when it logs what it did.
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith({ job: 'test.no-overlap', done: 1 }, 'job done'));
    await vi.advanceTimersByTimeAsync(500);
    expect(state.starts).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(state.starts).toBe(2));
    state.release();
    await scheduler.stop();
  });

  it('logs the first failure with its stack, the next ones as one line, and keeps going', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { log } = silent();
    const scheduler = createScheduler({ db: t.db.kysely, log: log as never });
    let fail = true;
    const run = vi.fn(async () => {
      if (fail) throw new Error('database down');
      return 3;
    });
    scheduler.every('test.failing', 1000, run, { didWork: 'did it' });
    // Each round is armed once the last has ended (on PostgreSQL, after the lock's round trips).
    for (let i = 1; i <= 5; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(log.error.mock.calls.length + log.warn.mock.calls.length).toBe(i));
    }
    expect(run).toHaveBeenCalledTimes(5);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ job: 'test.failing', err: expect.any(Error) });
    expect(log.warn).toHaveBeenCalledTimes(4);
    expect(log.warn.mock.calls[3]![0]).toEqual({ job: 'test.failing', failures: 5, reason: 'database down' });
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith({ job: 'test.failing', done: 3 }, 'did it'));
    expect(log.info).toHaveBeenCalledWith({ job: 'test.failing', failures: 5 }, 'job recovered');
    await scheduler.stop();
  });

  it('runs nothing when disabled (tests run the jobs themselves) and refuses a name twice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { log } = silent();
    const scheduler = createScheduler({ db: t.db.kysely, log: log as never, enabled: false });
    const run = vi.fn(async () => undefined);
    scheduler.every('test.disabled', 1000, run, { atStart: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
    expect(() => scheduler.every('test.disabled', 1000, run)).toThrow(/scheduled already/);
    await scheduler.stop();
  });
});

describe('the scheduler in the app', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    while (apps.length) await apps.pop()!.close();
  });

  it('registers every periodic job of the modules, and stops them when the app closes', async () => {
    const log = capturedLog();
    const app = await buildTestApp({ LOG_LEVEL: 'info' }, { schedules: true, logStream: log.stream });
    apps.push(app);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const run = vi.fn(async () => undefined);
    app.app.scheduler.every('test.until-close', 1000, run);
    expect(() => app.app.scheduler.every('teams.purge', 1000, run)).toThrow(/scheduled already/);
    for (const job of [
      'billing.trial-expiry',
      'topics.publish',
      'uploads.sweep',
      'push.flush-held',
      'push.prune-ended',
      'portfolio.attention',
      'portfolio.digest',
    ])
      expect(() => app.app.scheduler.every(job, 1000, run)).toThrow(/scheduled already/);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await app.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('app close waits for a run under way', async () => {
    const app = await buildTestApp({}, { schedules: true });
    apps.push(app);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { run, state } = heldRun();
    app.app.scheduler.every('test.held-at-close', 1000, run);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(state.starts).toBe(1));
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(closed).toBe(false);
    state.release();
    await closing;
    expect(closed).toBe(true);
  });

  it('one run at a time across two app processes on one database (the job lock)', async () => {
    const first = await buildTestApp({}, { schedules: true });
    apps.push(first);
    const second = await buildSecondProcess(first);
    // The second process's scheduler: the harness builds it without schedules, so a new one.
    const other = createScheduler({ db: second.db.kysely, log: { info() {}, warn() {}, error() {} } as never });
    apps.unshift(second);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const a = heldRun();
    const b = vi.fn(async () => undefined);
    first.app.scheduler.every('test.shared', 1000, a.run);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(a.state.starts).toBe(1));
    other.every('test.shared', 1000, b);
    // The second process's rounds while the first holds the lock: skipped, not queued.
    for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(1000);
    expect(b).not.toHaveBeenCalled();
    a.state.free();
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(b).toHaveBeenCalled();
    });
    await other.stop();
  });
});
