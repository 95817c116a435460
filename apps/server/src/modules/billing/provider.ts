import type { StripeStatus } from '@rally/contract';
import { AppError } from '../../http/errors.js';

/** A subscription as the card provider holds it: the facts Rally copies into `subscriptions`. */
export interface ProviderSubscription {
  customerId: string;
  subscriptionId: string;
  status: StripeStatus;
  trialEndsAt: string | null;
  nextInvoiceAt: string | null;
  hasPaymentMethod: boolean;
  /** When this state was read from the provider (ISO): a write of an older read is dropped. */
  readAt: string;
}

export interface SubscribeRequest {
  userId: number;
  email: string;
  /** Card holder name (spec §5), when the client sent one (§7's payload has none). */
  name: string | undefined;
  /** A provider payment method id (pm_…), or in test mode a test card number. */
  paymentMethod: string;
  promoCode: string | undefined;
  /** What Rally already knows of this account at the provider, to reuse rather than duplicate. */
  customerId: string | null;
  subscriptionId: string | null;
  /** A running Coach trial's end: paying during the trial keeps the rest of it. */
  trialEndsAt: string | null;
}

/** A verified webhook delivery: its id (for idempotency) and the subscription it is about. */
export interface WebhookEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
}

/**
 * The card provider (ADR 0014): Stripe when configured, else the built-in test mode, or none
 * (payments off) when the operator turned test mode off. Rally never
 * sees a card number in production; the browser gives the provider the card and us its id.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'test' | 'off';
  readonly publishableKey: string | null;
  /** Creates (or re-pays) the account's Coach subscription with this payment method. */
  subscribe(request: SubscribeRequest): Promise<ProviderSubscription>;
  /** The provider's current state of a subscription (webhooks re-read it rather than trust order). */
  fetchSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Where the browser goes to manage the card and the subscription. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook's signature over its raw body; null when this provider sends none. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent | null;
}

/** A card the provider refused: 402 with the provider's own message (spec §5: its fields' errors). */
export const cardError = (message: string, field = 'payment_method') =>
  new AppError(402, 'card_error', message, { [field]: [message] });
