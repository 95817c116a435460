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

/** The one price a card can pay: Coach, monthly. */
export const COACH_PRICE_ID = 1;

/** Billing's user-facing strings: spec §5 card holder rules, and the server's own answers. */
export const BillingMessages = {
  cardHolderRequired: 'Card holder name is required.',
  cardHolderDigit: 'Name cannot contain the number',
  cardHolderMin: 'Name cannot be less then 3 characters',
  promoNumeric: 'The promo code must contain digits only.',
  promoInvalid: 'This promo code is not valid.',
  paymentMethodRequired: 'Enter your card details.',
  priceUnknown: 'Choose the Coach plan to subscribe.',
  /** Stripe's own messages for its test cards (its API answers these words). */
  cardDeclined: 'Your card was declined.',
  cardNumberIncorrect: 'Your card number is incorrect.',
  subscribed: 'Your Coach plan is active.',
  cardUpdated: 'Your payment details were updated.',
  noCardSubscription: 'There is no card subscription to manage.',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  webhookSignature: 'The webhook signature is invalid.',
  webhookDisabled: 'Card payments are not configured.',
  testMode: 'Test mode — no real charge',
  paymentsOff: 'Payments are not available on this Rally. Please contact its administrator.',
} as const;
