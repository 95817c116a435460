import { describe, expect, it } from 'vitest';
import { subscription } from '../../../test/team-fixtures';
import { trialDaysLeft } from './plan-format';
import { trialLeft } from './trial-left';

const NOW = new Date('2026-11-26T10:00:00');
// `is_active` as the server says it at NOW: active through the end instant.
const endingIn = (ms: number) =>
  subscription({
    stripe_status: 'trialing',
    has_payment_method: false,
    trial_ends_at: new Date(NOW.getTime() + ms).toISOString(),
    is_active: ms >= 0,
  });

describe('trialLeft: the notice counts as Settings counts', () => {
  it('on the last day, before its end instant: Trial ends today', () => {
    expect(trialLeft(endingIn(3600_000), NOW)).toBe('Trial ends today');
  });

  it('on the last day, past its end instant (before the expiry job): nothing, as Settings says it ended', () => {
    const ended = endingIn(-3600_000);
    expect(ended.is_active).toBe(false);
    expect(trialDaysLeft(ended, NOW)).toBeNull();
    expect(trialLeft(ended, NOW)).toBeNull();
  });

  it('the same number of days as Settings', () => {
    const s = endingIn(3 * 24 * 3600_000);
    expect(trialLeft(s, NOW)).toBe(`Trial: ${trialDaysLeft(s, NOW)} days left`);
  });
});
