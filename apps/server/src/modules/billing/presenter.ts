import { PlanLabel, type SubscriptionDto } from '@rally/contract';
import type { SubscriptionRow } from '../../db/schema.js';

const DAY = 24 * 60 * 60 * 1000;

/** The API shape of a subscription (spec §3); `now` is passed so the flag is testable. */
export function presentSubscription(row: SubscriptionRow, now: Date = new Date()): SubscriptionDto {
  const endsIn = row.trial_ends_at ? Date.parse(row.trial_ends_at) - now.getTime() : Number.NaN;
  return {
    name: row.plan,
    title: PlanLabel[row.plan],
    stripe_status: row.stripe_status,
    next_invoice_at: row.next_invoice_at,
    trial_ends_at: row.trial_ends_at,
    // The field keeps the spec's spelling. True on the trial's last day.
    trail_will_end_tomorrow: row.stripe_status === 'trialing' && endsIn > 0 && endsIn <= DAY,
    action_performed_by: row.action_performed_by,
    subscription_service: row.subscription_service,
  };
}
