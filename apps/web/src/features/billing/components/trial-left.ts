import dayjs from 'dayjs';
import type { SubscriptionDto } from '@rally/contract';

/**
 * What a coach on trial is told of its end (issue 25): 'Trial: 9 days left', 'Trial: 1 day left'
 * on the day before the last, 'Trial ends today' on the last. Days are counted by the calendar
 * (spec §9: the day difference), as Settings counts them: a part of a day left counts as a day,
 * so the count goes 2, 1, today whatever the hour. Null when there is nothing to ask: not
 * trialing, a card already on file (the plan goes on past the trial), no end date, or an end
 * before today.
 */
export function trialLeft(s: SubscriptionDto | null | undefined, now: Date = new Date()): string | null {
  if (!s || s.stripe_status !== 'trialing' || s.has_payment_method || !s.trial_ends_at) return null;
  const days = dayjs(s.trial_ends_at).startOf('day').diff(dayjs(now).startOf('day'), 'day');
  if (days < 0) return null;
  if (days === 0) return 'Trial ends today';
  return `Trial: ${days} ${days === 1 ? 'day' : 'days'} left`;
}
