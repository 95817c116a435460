import dayjs from 'dayjs';
import { SUBSCRIPTION_SERVICE_CARD, type PlanDto, type SubscriptionDto } from '@rally/contract';

/** '$50.00' from a plan's price in cents ('Free' without one). */
export function amountLabel(plan: PlanDto): string {
  const price = plan.subscription_package_prices[0];
  if (!price) return 'Free';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency.toUpperCase() }).format(
    price.unit_amount / 100,
  );
}

/** '$50.00 / month' from a price's unit amount in cents. */
export function priceLabel(plan: PlanDto): string {
  const price = plan.subscription_package_prices[0];
  if (!price) return 'Free';
  const amount = amountLabel(plan);
  const every =
    price.recurring.interval_count === 1
      ? price.recurring.interval
      : `${price.recurring.interval_count} ${price.recurring.interval}s`;
  return `${amount} / ${every}`;
}

/**
 * A plan with status active or trialing reads 'Subscribed' (spec §4): the server's `is_active`,
 * the contract's `subscriptionActive` at its clock, which Create Engagement and Invite are
 * checked against too. Not worked out again here: a trial past its end instant, before the
 * expiry job has run, is 'trialing' but not active.
 */
export const isSubscribed = (s: SubscriptionDto) => s.is_active;

/** A trial whose end instant has passed, not yet moved to the Member plan by the expiry job. */
export const trialEnded = (s: SubscriptionDto) => s.stripe_status === 'trialing' && !s.is_active;

export const statusLabel = (s: SubscriptionDto): string => {
  switch (s.stripe_status) {
    case 'trialing':
      return s.is_active ? 'Trial' : 'Trial ended';
    case 'active':
      return 'Active';
    case 'canceled':
      return 'Canceled';
    case 'past_due':
      return 'Past due';
    case 'incomplete':
      return 'Incomplete';
    case 'unpaid':
      return 'Unpaid';
  }
};

export const displayDate = (iso: string | null) => (iso ? dayjs(iso).format('MMM DD, YYYY') : '');

/** The Coach plan paid by card, active or trialing: the billing portal is offered (spec §2), as the server allows it. */
export const hasLiveCard = (s: SubscriptionDto) =>
  s.subscription_service === SUBSCRIPTION_SERVICE_CARD &&
  s.name === 'Premium' &&
  (s.stripe_status === 'active' || s.stripe_status === 'trialing');

/**
 * Whole calendar days left in a running trial (spec §9: by the day difference); 0 on its last
 * day, up to its end instant. Null when there is no trial, or it has ended.
 */
export const trialDaysLeft = (s: SubscriptionDto, now: Date = new Date()) =>
  s.stripe_status === 'trialing' && s.is_active && s.trial_ends_at
    ? Math.max(0, dayjs(s.trial_ends_at).startOf('day').diff(dayjs(now).startOf('day'), 'day'))
    : null;
