import { z } from 'zod';

/** Plans and the user's subscription (spec §1, §3). */
export const planPriceDto = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.literal('usd'),
  unit_amount: z.number().int(),
  recurring: z.object({ interval: z.literal('month'), interval_count: z.number().int() }),
});
export type PlanPriceDto = z.infer<typeof planPriceDto>;

export const planDto = z.object({
  id: z.number().int(),
  name: z.enum(['Free', 'Premium']),
  title: z.enum(['Member', 'Coach']),
  subscription_package_prices: z.array(planPriceDto),
});
export type PlanDto = z.infer<typeof planDto>;

export const stripeStatus = z.enum(['active', 'trialing', 'canceled', 'past_due', 'incomplete', 'unpaid']);
export type StripeStatus = z.infer<typeof stripeStatus>;

export const subscriptionDto = z.object({
  name: z.enum(['Free', 'Premium']),
  title: z.enum(['Member', 'Coach']),
  stripe_status: stripeStatus,
  next_invoice_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  /** The field keeps the spec's spelling. */
  trail_will_end_tomorrow: z.boolean(),
  action_performed_by: z.number().int().nullable(),
  subscription_service: z.number().int().nullable(),
  /** A card is on file: a trial with one does not lapse at its end. */
  has_payment_method: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;
