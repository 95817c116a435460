import { z } from 'zod';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { BillingMessages, COACH_PRICE_ID } from '../plans.js';
import { textField } from './common.js';

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
  /**
   * The subscription is active at the server's clock (`subscriptionActive`): status active, or a
   * trial through its end instant. Settings reads 'Subscribed' from it; Create Engagement and
   * Invite are allowed by it (with the Premium plan).
   */
  is_active: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;

/** Card holder name (spec §5): at least 3 characters, no digits. */
export const cardHolderName = textField('line', BillingMessages.cardHolderRequired)
  .min(1, { error: BillingMessages.cardHolderRequired, abort: true })
  .refine((v) => !/\d/.test(v), { error: BillingMessages.cardHolderDigit, abort: true })
  .refine((v) => v.length >= Limits.cardHolderNameMin, BillingMessages.cardHolderMin)
  .refine((v) => v.length <= 100, Messages.tooLong);

/** Optional numeric promo code (spec §5); empty means none. */
export const promoCode = textField('line')
  .max(20, Messages.tooLong)
  .regex(/^\d*$/, BillingMessages.promoNumeric)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * POST subscription/subscribe (spec §7): the price and the provider's payment method. The card
 * holder name is the web form's (§5, required there); §7's payload has none, so it is optional.
 */
export const subscribeSchema = z.object({
  subscription_package_price_id: z.coerce
    .number({ error: BillingMessages.priceUnknown })
    .int({ error: BillingMessages.priceUnknown })
    .refine((v) => v === COACH_PRICE_ID, BillingMessages.priceUnknown),
  /** A Stripe PaymentMethod id (pm_…), or in test mode one of Stripe's test card numbers or ids. */
  payment_method: textField('line', BillingMessages.paymentMethodRequired)
    .min(1, BillingMessages.paymentMethodRequired)
    .max(255, Messages.tooLong),
  name: cardHolderName.optional(),
  promo_code: promoCode,
});
export type SubscribeInput = z.input<typeof subscribeSchema>;

/** GET user/subscription/billing-portal: where the browser goes next (spec §7). */
export const billingPortalDto = z.object({ url: z.string() });

/** GET user/subscription/payment-config: how the payment page asks for a card. */
export const paymentConfigDto = z.object({
  /** `off`: this server takes no payment (BILLING_TEST_MODE=false without Stripe keys). */
  provider: z.enum(['stripe', 'test', 'off']),
  /** Stripe's publishable key (pk_…); null in test mode and when payments are off. */
  publishable_key: z.string().nullable(),
});
export type PaymentConfigDto = z.infer<typeof paymentConfigDto>;

export const webhookReceiptDto = z.object({ received: z.boolean() });
