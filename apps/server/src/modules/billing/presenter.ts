import { PlanLabel, subscriptionActive, type CoachFacts, type SubscriptionDto } from '@rally/contract';
import type { SubscriptionRow } from '../../db/schema.js';
import { DAY } from '../../lib/clock.js';

/** The columns of a subscription that decide the Coach plan. */
type FactColumns = Pick<SubscriptionRow, 'plan' | 'stripe_status' | 'trial_ends_at' | 'has_payment_method'>;
/** The same columns read through a left join: all null for an account without a subscription. */
export type CoachFactsRow = { [K in keyof FactColumns]: FactColumns[K] | null };

const coachFacts = (row: FactColumns): CoachFacts => ({
  name: row.plan,
  stripe_status: row.stripe_status,
  trial_ends_at: row.trial_ends_at,
  has_payment_method: row.has_payment_method === 1,
});

/** The facts the contract's `isCoach` reads, from a left-joined subscription; null when there is none. */
export function presentCoachFacts(row: CoachFactsRow): CoachFacts | null {
  const { plan, stripe_status, has_payment_method } = row;
  if (plan === null || stripe_status === null) return null;
  return coachFacts({
    plan,
    stripe_status,
    trial_ends_at: row.trial_ends_at,
    has_payment_method: has_payment_method ?? 0,
  });
}

/**
 * The API shape of a subscription (spec §3), with what this server decides of it at `now`
 * (passed so it is testable): `is_active` by the contract's one rule, which Create Engagement and
 * Invite are checked against too, so Settings shows exactly what they will allow.
 */
export function presentSubscription(row: SubscriptionRow, now: Date = new Date()): SubscriptionDto {
  const facts = coachFacts(row);
  const endsIn = row.trial_ends_at ? Date.parse(row.trial_ends_at) - now.getTime() : Number.NaN;
  return {
    ...facts,
    is_active: subscriptionActive(facts, now),
    title: PlanLabel[row.plan],
    next_invoice_at: row.next_invoice_at,
    // The field keeps the spec's spelling. True within the last 24 hours of a running trial (its
    // end instant included).
    trail_will_end_tomorrow: row.stripe_status === 'trialing' && endsIn >= 0 && endsIn <= DAY,
    action_performed_by: row.action_performed_by,
    subscription_service: row.subscription_service,
  };
}
