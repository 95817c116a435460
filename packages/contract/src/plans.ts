import type { PlanDto } from './schemas/billing.js';

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
