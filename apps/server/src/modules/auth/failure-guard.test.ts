import { describe, expect, it } from 'vitest';
import { Timing } from '@rally/contract';
import { FailureGuard } from './failure-guard.js';

/**
 * The app's tests answer an account under attack at once (test/app.ts); this checks the waits
 * the guard asks for, through its injected sleep, without spending them.
 */
describe('FailureGuard slow-down', () => {
  const guardWith = (waits: number[]) =>
    new FailureGuard(
      {
        name: `slow-${Math.random()}`,
        perSource: Timing.failuresPerSource,
        slowAfter: Timing.failuresBeforeSlowdown,
        windowSeconds: Timing.failureWindowMs / 1000,
        stepMs: Timing.slowdownStepMs,
        maxDelayMs: Timing.slowdownMaxMs,
      },
      async (ms) => {
        waits.push(ms);
      },
    );
  const wrong = () => Promise.reject(new Error('wrong'));

  it('each failure past the threshold, from anywhere, adds a step to the next attempt, up to the cap', async () => {
    const waits: number[] = [];
    const guard = guardWith(waits);
    // Every guess from another source, so no source reaches its own limit.
    for (let i = 0; i < Timing.failuresBeforeSlowdown + 10; i++)
      await expect(guard.attempt('victim', `10.0.0.${i}`, () => true, wrong)).rejects.toThrow('wrong');
    const steps = Array.from({ length: 9 }, (_, i) => Math.min((i + 1) * Timing.slowdownStepMs, Timing.slowdownMaxMs));
    expect(waits).toEqual(steps);
    expect(Math.max(...waits)).toBe(Timing.slowdownMaxMs);
  });

  it('another account is not slowed by the attack', async () => {
    const waits: number[] = [];
    const guard = guardWith(waits);
    for (let i = 0; i < Timing.failuresBeforeSlowdown + 3; i++)
      await expect(guard.attempt('victim', `10.0.1.${i}`, () => true, wrong)).rejects.toThrow('wrong');
    waits.length = 0;
    await guard.attempt(
      'bystander',
      '10.0.2.1',
      () => true,
      async () => 'ok',
    );
    expect(waits).toEqual([]);
  });
});
