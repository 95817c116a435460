import {
  ACTION_BY_SYSTEM,
  BillingMessages,
  SUBSCRIPTION_SERVICE_CARD,
  isCoach,
  type PaymentConfigDto,
} from '@rally/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Executor, SubscriptionRow } from '../../db/schema.js';
import { transact } from '../../events/log.js';
import type { Principal } from '../../http/authenticate.js';
import { conflict, notFound } from '../../http/errors.js';
import { DAY, isoAfter } from '../../lib/clock.js';
import { presentSubscription } from './presenter.js';
import type { PaymentProvider } from './provider.js';
import { subscriptionValues, type BillingRepository } from './repository.js';

export interface SubscribeCommand {
  payment_method: string;
  name?: string | undefined;
  promo_code?: string | undefined;
}

export class BillingService {
  constructor(
    /** The database (the service opens its transactions on it). */
    private readonly db: Kysely<Database>,
    private readonly repo: BillingRepository,
    private readonly trialDays: number,
    /** Absent only where no payment is taken (the seed script, the trial job's tests). */
    private readonly provider?: PaymentProvider,
    private readonly publicUrl = '',
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Every new account starts a Coach trial (decisions.md). */
  startTrial(userId: number, ex?: Executor): Promise<void> {
    return this.repo.createTrial(userId, isoAfter(this.trialDays * DAY), ex);
  }

  /** The user's subscription; an account without one is on the Member plan. */
  async subscriptionOf(userId: number): Promise<SubscriptionRow> {
    const row = await this.repo.findByUser(userId);
    return row ?? { id: 0, ...subscriptionValues(userId) };
  }

  /**
   * Premium, active or trialing (spec §6): may create engagements and invite. The contract's
   * `isCoach` decides, so a trial past its end counts as over before the expiry job has run.
   */
  async isCoach(userId: number, now: Date = new Date()): Promise<boolean> {
    return isCoach(presentSubscription(await this.subscriptionOf(userId), now), now);
  }

  /** The scheduled job: ended trials without a payment method move to the Member plan. */
  async expireTrials(now: Date = new Date()): Promise<number> {
    const moved = await transact(this.db, (trx) => this.repo.expireTrials(now.toISOString(), ACTION_BY_SYSTEM, trx));
    // Stripe ends its own trials (a webhook tells); test mode has nobody else to do it.
    if (this.provider?.kind === 'test')
      await transact(this.db, (trx) => this.repo.endCardTrials(now.toISOString(), trx));
    return moved;
  }

  paymentConfig(): PaymentConfigDto {
    return { provider: this.card().kind, publishable_key: this.card().publishableKey };
  }

  /**
   * POST subscription/subscribe: the Coach plan paid by card. A running trial keeps its end; a
   * lapsed or switched account pays now and its teams are active again at once (their status is
   * derived from the owner's plan, ADR 0004). A card for a live subscription replaces the old one.
   */
  async subscribe(user: Principal, input: SubscribeCommand): Promise<SubscriptionRow> {
    const current = await this.repo.findByUser(user.id);
    const trialing = current?.plan === 'Premium' && current.stripe_status === 'trialing';
    const state = await this.card().subscribe({
      userId: user.id,
      email: user.email,
      name: input.name,
      paymentMethod: input.payment_method,
      promoCode: input.promo_code,
      customerId: current?.provider_customer_id ?? null,
      subscriptionId: current?.provider_subscription_id ?? null,
      trialEndsAt: trialing ? current.trial_ends_at : null,
    });
    await transact(this.db, (trx) => this.repo.recordPayment(user.id, state, trx));
    return this.subscriptionOf(user.id);
  }

  /** The provider's page for the card and the subscription: only for a live card subscription (spec §2). */
  async billingPortalUrl(userId: number): Promise<string> {
    const row = await this.repo.findByUser(userId);
    const live = row?.stripe_status === 'active' || row?.stripe_status === 'trialing';
    if (!row?.provider_customer_id || row.subscription_service !== SUBSCRIPTION_SERVICE_CARD || !live)
      throw conflict(BillingMessages.noCardSubscription, 'no_card_subscription');
    return this.card().portalUrl(row.provider_customer_id, `${this.publicUrl}/settings`);
  }

  /**
   * A signed webhook delivery. The event's own payload is not trusted for order: the
   * subscription it names is read again from the provider and written only if that read is
   * newer than the stored one; the event id makes a replay a no-op (ADR 0014).
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const event = this.card().verifyWebhook(rawBody, signature);
    if (!event) throw notFound(BillingMessages.webhookDisabled);
    if (await this.repo.eventSeen(event.id)) return;
    const state = event.subscriptionId ? await this.card().fetchSubscription(event.subscriptionId) : null;
    const fresh = await transact(this.db, (trx) => this.repo.applyEvent(event.id, event.type, state, trx));
    this.log?.info({ event: event.id, type: event.type, replay: !fresh }, 'billing webhook');
  }

  private card(): PaymentProvider {
    if (!this.provider) throw new Error('BillingService was built without a payment provider');
    return this.provider;
  }
}
