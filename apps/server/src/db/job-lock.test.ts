import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { runAlone } from './job-lock.js';

describe('runAlone', () => {
  const t = useTestApp();

  it('skips a run of the same job while one is under way, and runs once it has ended', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runAlone(t.db.kysely, 'test.job', async () => {
      started();
      await held;
      return 'first';
    });
    // The first run holds its lock once its work has begun (a fixed wait was too short on a busy box).
    await running;
    expect(await runAlone(t.db.kysely, 'test.job', async () => 'second')).toBeUndefined();
    expect(await runAlone(t.db.kysely, 'other.job', async () => 'other')).toBe('other');
    release();
    expect(await first).toBe('first');
    expect(await runAlone(t.db.kysely, 'test.job', async () => 'third')).toBe('third');
  });

  it('lets the next run go after a run that failed', async () => {
    await expect(
      runAlone(t.db.kysely, 'failing.job', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await runAlone(t.db.kysely, 'failing.job', async () => 'again')).toBe('again');
  });
});
