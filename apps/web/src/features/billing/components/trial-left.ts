import type { SubscriptionDto } from '@rally/contract';
import { trialDaysLeft } from './plan-format';

/**
 * What a coach on trial is told of its end (issue 25): 'Trial: 9 days left', 'Trial: 1 day left'
 * on the day before the last, 'Trial ends today' on the last. The days are Settings' own count
 * (`trialDaysLeft`: by the calendar, while the server says the trial is active), so the notice
 * and Settings never disagree. Null when there is nothing to ask: not trialing, a card already on
 * file (the plan goes on past the trial), or the trial over (past its end instant, even on its
 * last day before the expiry job has run).
 */
export function trialLeft(s: SubscriptionDto | null | undefined, now: Date = new Date()): string | null {
  if (!s || s.has_payment_method) return null;
  const days = trialDaysLeft(s, now);
  if (days === null) return null;
  if (days === 0) return 'Trial ends today';
  return `Trial: ${days} ${days === 1 ? 'day' : 'days'} left`;
}
