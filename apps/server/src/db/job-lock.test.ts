import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { runAlone } from './job-lock.js';

describe('runAlone', () => {
  const t = useTestApp();

  it('skips a run of the same job while one is under way, and runs once it has ended', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = runAlone(t.db.kysely, 'test.job', async () => {
      await held;
      return 'first';
    });
    // The first run has its lock before anything else is asked of the pool.
    await new Promise((resolve) => setTimeout(resolve, 50));
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
