/** Plans and the user's subscription (spec §1, §3). */
export interface PlanPriceDto {
  id: number;
  name: string;
  currency: 'usd';
  unit_amount: number;
  recurring: { interval: 'month'; interval_count: number };
}

export interface PlanDto {
  id: number;
  name: 'Free' | 'Premium';
  title: 'Member' | 'Coach';
  subscription_package_prices: PlanPriceDto[];
}

export type StripeStatus = 'active' | 'trialing' | 'canceled' | 'past_due' | 'incomplete' | 'unpaid';

export interface SubscriptionDto {
  name: 'Free' | 'Premium';
  title: 'Member' | 'Coach';
  stripe_status: StripeStatus;
  next_invoice_at: string | null;
  trial_ends_at: string | null;
  trail_will_end_tomorrow: boolean;
  action_performed_by: number | null;
  subscription_service: number | null;
}

/** The plans Rally sells: Free ('Member') and Premium ('Coach', $50.00 a month). */
export const PLANS: readonly PlanDto[] = [
  { id: 1, name: 'Free', title: 'Member', subscription_package_prices: [] },
  {
    id: 2,
    name: 'Premium',
    title: 'Coach',
    subscription_package_prices: [
      {
        id: 1,
        name: 'Coach Monthly',
        currency: 'usd',
        unit_amount: 5000,
        recurring: { interval: 'month', interval_count: 1 },
      },
    ],
  },
];

/** Premium with status active or trialing: may create engagements and invite (spec §6). */
export const isCoach = (s: Pick<SubscriptionDto, 'name' | 'stripe_status'> | null | undefined): boolean =>
  !!s && s.name === 'Premium' && (s.stripe_status === 'active' || s.stripe_status === 'trialing');
