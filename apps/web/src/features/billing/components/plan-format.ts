import dayjs from 'dayjs';
import type { PlanDto, SubscriptionDto } from '@rally/contract';

/** '$50.00 / month' from a price's unit amount in cents. */
export function priceLabel(plan: PlanDto): string {
  const price = plan.subscription_package_prices[0];
  if (!price) return 'Free';
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency.toUpperCase() }).format(
    price.unit_amount / 100,
  );
  const every =
    price.recurring.interval_count === 1
      ? price.recurring.interval
      : `${price.recurring.interval_count} ${price.recurring.interval}s`;
  return `${amount} / ${every}`;
}

/** A plan with status active or trialing reads 'Subscribed' (spec §4). */
export const isSubscribed = (s: SubscriptionDto) => s.stripe_status === 'active' || s.stripe_status === 'trialing';

export const statusLabel = (s: SubscriptionDto): string => {
  switch (s.stripe_status) {
    case 'trialing':
      return 'Trial';
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
