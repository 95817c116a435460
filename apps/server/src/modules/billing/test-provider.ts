import { randomBytes } from 'node:crypto';
import { BillingMessages } from '@rally/contract';
import { validation } from '../../http/errors.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { cardError, type PaymentProvider, type ProviderSubscription, type SubscribeRequest } from './provider.js';

/**
 * Stripe's published test cards (docs.stripe.com/testing) by number and by PaymentMethod id:
 * null succeeds, a string is the decline message Stripe answers for that card.
 */
const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '2223003122003222': null,
  '378282246310005': null,
  '4000000000000002': BillingMessages.cardDeclined,
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
  pm_card_visa: null,
  pm_card_visa_debit: null,
  pm_card_mastercard: null,
  pm_card_amex: null,
  pm_card_chargeDeclined: BillingMessages.cardDeclined,
  pm_card_visa_chargeDeclined: BillingMessages.cardDeclined,
  pm_card_chargeDeclinedInsufficientFunds: 'Your card has insufficient funds.',
  pm_card_chargeDeclinedExpiredCard: 'Your card has expired.',
  pm_card_chargeDeclinedIncorrectCvc: "Your card's security code is incorrect.",
};

const MONTH_MS = 30 * 24 * 60 * 60 * 1000;
const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/**
 * The built-in provider when Stripe is not configured (decisions.md): the same screens and
 * states, Stripe's test cards, no charge and no network. Its state lives in `subscriptions`.
 */
export class TestModeProvider implements PaymentProvider {
  readonly kind = 'test';
  readonly publishableKey = null;

  constructor(private readonly publicUrl: string) {}

  subscribe(request: SubscribeRequest): Promise<ProviderSubscription> {
    const card = request.paymentMethod.replace(/[\s-]/g, '');
    if (!(card in TEST_CARDS)) return Promise.reject(cardError(BillingMessages.cardNumberIncorrect));
    const declined = TEST_CARDS[card];
    if (declined) return Promise.reject(cardError(declined));
    // Test mode has no promotions: any code is one the provider does not know.
    if (request.promoCode) return Promise.reject(validation({ promo_code: [BillingMessages.promoInvalid] }));
    const trialing = request.trialEndsAt !== null && Date.parse(request.trialEndsAt) > Date.now();
    return Promise.resolve({
      customerId: request.customerId ?? id('cus'),
      subscriptionId: request.subscriptionId ?? id('sub'),
      status: trialing ? 'trialing' : 'active',
      trialEndsAt: trialing ? request.trialEndsAt : null,
      nextInvoiceAt: trialing ? request.trialEndsAt : isoAfter(MONTH_MS),
      hasPaymentMethod: true,
      readAt: nowIso(),
    });
  }

  fetchSubscription(): Promise<ProviderSubscription> {
    return Promise.reject(new Error('test mode keeps no remote subscriptions'));
  }

  /** Test mode's "portal" is Rally's own card page, where the card can be replaced. */
  portalUrl(): Promise<string> {
    return Promise.resolve(`${this.publicUrl}/paymentMethod/Coach`);
  }

  verifyWebhook(): null {
    return null;
  }
}
