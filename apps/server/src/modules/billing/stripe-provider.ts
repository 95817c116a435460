import { BillingMessages, type StripeStatus } from '@rally/contract';
import Stripe from 'stripe';
import { AppError, badRequest, validation } from '../../http/errors.js';
import { nowIso } from '../../lib/clock.js';
import {
  cardError,
  type PaymentProvider,
  type ProviderSubscription,
  type SubscribeRequest,
  type WebhookEvent,
} from './provider.js';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Stripe Price of the Coach plan. */
  priceId: string;
  /** Another API address (a local double in tests), through the package's host/port/protocol. */
  apiUrl?: string | undefined;
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** Stripe's statuses in Rally's terms; those Rally has no word for are lapsed ones. */
function statusOf(status: Stripe.Subscription.Status): StripeStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
    case 'unpaid':
      return status as StripeStatus;
    case 'incomplete_expired':
      return 'canceled';
    case 'paused': // a trial that ended without a card
    default: // any status Stripe adds later
      return 'unpaid';
  }
}

/** A subscription Rally may keep paying for: a new card replaces the old one on it. */
const LIVE: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);
const OWED: ReadonlySet<string> = new Set(['past_due', 'unpaid', 'incomplete']);

/** Card payments through Stripe's API (ADR 0014). */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe';
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async subscribe(r: SubscribeRequest): Promise<ProviderSubscription> {
    try {
      const pm = r.paymentMethod;
      // No name given (spec §7's payload): the customer keeps the one it has.
      const named = r.name ? { name: r.name } : {};
      const customer =
        r.customerId ??
        (await this.stripe.customers.create({ email: r.email, ...named, metadata: { user_id: String(r.userId) } })).id;
      await this.stripe.paymentMethods.attach(pm, { customer });
      await this.stripe.customers.update(customer, { ...named, invoice_settings: { default_payment_method: pm } });
      const discounts = r.promoCode ? [{ promotion_code: await this.promotion(r.promoCode) }] : undefined;

      const existing = r.subscriptionId ? await this.stripe.subscriptions.retrieve(r.subscriptionId) : null;
      let sub: Stripe.Subscription;
      if (existing && LIVE.has(existing.status)) {
        // A new card for a subscription that lives on: use it, and pay what is owed with it.
        sub = await this.stripe.subscriptions.update(existing.id, {
          default_payment_method: pm,
          ...(discounts ? { discounts } : {}),
        });
        const invoice = idOf(sub.latest_invoice);
        if (OWED.has(sub.status) && invoice) {
          await this.stripe.invoices.pay(invoice, { payment_method: pm });
          sub = await this.stripe.subscriptions.retrieve(sub.id);
        }
      } else {
        const trialEnd = r.trialEndsAt ? Math.floor(Date.parse(r.trialEndsAt) / 1000) : 0;
        sub = await this.stripe.subscriptions.create({
          customer,
          items: [{ price: this.settings.priceId }],
          default_payment_method: pm,
          // The rest of a running trial is kept; otherwise the first month is charged now.
          ...(trialEnd > Date.now() / 1000 + 60 ? { trial_end: trialEnd } : {}),
          // A declined first payment fails this call, rather than leaving an 'incomplete' subscription.
          payment_behavior: 'error_if_incomplete',
          metadata: { user_id: String(r.userId) },
          ...(discounts ? { discounts } : {}),
        });
      }
      return this.stateOf(sub);
    } catch (err) {
      throw translate(err);
    }
  }

  async fetchSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    try {
      return this.stateOf(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (err) {
      throw translate(err);
    }
  }

  async portalUrl(customerId: string, returnUrl: string): Promise<string> {
    try {
      return (await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
    } catch (err) {
      throw translate(err);
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    if (!signature) throw badRequest(BillingMessages.webhookSignature, 'webhook_signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw badRequest(BillingMessages.webhookSignature, 'webhook_signature');
    }
    return { id: event.id, type: event.type, subscriptionId: subscriptionOfEvent(event) };
  }

  private async promotion(code: string): Promise<string> {
    const found = await this.stripe.promotionCodes.list({ code, active: true, limit: 1 });
    const promo = found.data[0];
    if (!promo) throw validation({ promo_code: [BillingMessages.promoInvalid] });
    return promo.id;
  }

  private stateOf(sub: Stripe.Subscription): ProviderSubscription {
    const status = statusOf(sub.status);
    const periodEnd = sub.items.data[0]?.current_period_end;
    return {
      customerId: idOf(sub.customer) ?? '',
      subscriptionId: sub.id,
      status,
      trialEndsAt: iso(sub.trial_end),
      nextInvoiceAt: status === 'canceled' ? null : iso(periodEnd),
      hasPaymentMethod: sub.default_payment_method !== null,
      readAt: nowIso(),
    };
  }
}

/** The subscription a webhook event is about: the subscription itself, or an invoice's. */
function subscriptionOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; parent?: Stripe.Invoice['parent'] };
  if (object.object === 'subscription') return object.id ?? null;
  if (object.object === 'invoice') return idOf(object.parent?.subscription_details?.subscription);
  return null;
}

/** Stripe's errors as answers: the card's own message for a card, 503 when Stripe is unreachable. */
function translate(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof Stripe.errors.StripeCardError) return cardError(err.message);
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method')
    return validation({ payment_method: [err.message] });
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError
  )
    return new AppError(503, 'provider_unavailable', BillingMessages.providerUnavailable);
  return err;
}
