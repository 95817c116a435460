import { SUBSCRIPTION_SERVICE_CARD } from '@rally/contract';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, Executor, SubscriptionRow, SubscriptionsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import type { ProviderSubscription } from './provider.js';
import { recordEvent } from '../../events/log.js';

type SubscriptionValues = Required<Omit<Insertable<SubscriptionsTable>, 'id'>>;

/** A subscription's values: the Member plan, changed by `overrides`. */
export function subscriptionValues(userId: number, overrides: Partial<SubscriptionValues> = {}): SubscriptionValues {
  const now = nowIso();
  return {
    user_id: userId,
    plan: 'Free',
    stripe_status: 'active',
    trial_ends_at: null,
    next_invoice_at: null,
    action_performed_by: null,
    subscription_service: null,
    has_payment_method: 0,
    created_at: now,
    updated_at: now,
    provider_customer_id: null,
    provider_subscription_id: null,
    provider_synced_at: null,
    ...overrides,
  };
}

export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByUser(userId: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A new account's trial: it owns no team yet, so no card shows it (no event). */
  async createTrial(userId: number, trialEndsAt: string, ex: Executor = this.db): Promise<void> {
    await ex
      .insertInto('subscriptions')
      .values(subscriptionValues(userId, { plan: 'Premium', stripe_status: 'trialing', trial_ends_at: trialEndsAt }))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** The provider's state as Rally's row: the Coach plan paid by card (`subscription_service` 3). */
  private static columnsOf(state: ProviderSubscription) {
    return {
      plan: 'Premium' as const,
      stripe_status: state.status,
      trial_ends_at: state.trialEndsAt,
      next_invoice_at: state.nextInvoiceAt,
      subscription_service: SUBSCRIPTION_SERVICE_CARD,
      has_payment_method: state.hasPaymentMethod ? 1 : 0,
      provider_customer_id: state.customerId,
      provider_subscription_id: state.subscriptionId,
      provider_synced_at: state.readAt,
      updated_at: nowIso(),
    };
  }

  /**
   * After the user paid: their row takes the provider's state, and the system's "switched to
   * Member" mark goes. A webhook that read a newer state meanwhile is not overwritten. The cards
   * of the teams they own show the plan (`subscription.changed`).
   */
  async recordPayment(userId: number, state: ProviderSubscription, trx: Transaction<Database>): Promise<void> {
    const columns = { ...BillingRepository.columnsOf(state), action_performed_by: null };
    await trx
      .insertInto('subscriptions')
      .values({ ...subscriptionValues(userId), ...columns })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet(columns)
          .where((eb) =>
            eb.or([
              eb('subscriptions.provider_synced_at', 'is', null),
              eb('subscriptions.provider_synced_at', '<', state.readAt),
            ]),
          ),
      )
      .execute();
    await recordEvent(trx, { type: 'subscription.changed', team_id: null, user_id: userId });
  }

  /**
   * A webhook's event, once: records its id and writes the state it led to, in one transaction.
   * False when the event was handled before (a replay). A state read before the one stored is
   * dropped, so deliveries in any order end at the provider's latest state.
   */
  async applyEvent(
    eventId: string,
    type: string,
    state: ProviderSubscription | null,
    trx: Transaction<Database>,
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('billing_events')
      .values({ id: eventId, type, received_at: nowIso() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    if (!state) return true;
    const changed = await trx
      .updateTable('subscriptions')
      .set(BillingRepository.columnsOf(state))
      .where('provider_subscription_id', '=', state.subscriptionId)
      .where((eb) => eb.or([eb('provider_synced_at', 'is', null), eb('provider_synced_at', '<', state.readAt)]))
      .returning('user_id')
      .execute();
    // The cards of the teams they own show the plan.
    await BillingRepository.changed(trx, changed);
    return true;
  }

  async eventSeen(eventId: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('billing_events').select('id').where('id', '=', eventId).executeTakeFirst()) !==
      undefined
    );
  }

  /**
   * Test mode: card trials that have ended become active (nothing is charged). Each records
   * `subscription.changed`, as every write of a plan does: the cards of the teams they own show it.
   */
  async endCardTrials(now: string, trx: Transaction<Database>): Promise<void> {
    const changed = await trx
      .updateTable('subscriptions')
      .set({ stripe_status: 'active', trial_ends_at: null, updated_at: now })
      .where('stripe_status', '=', 'trialing')
      .where('has_payment_method', '=', 1)
      .where('subscription_service', '=', SUBSCRIPTION_SERVICE_CARD)
      .where('trial_ends_at', '<', now)
      .returning('user_id')
      .execute();
    await BillingRepository.changed(trx, changed);
  }

  /**
   * Moves every trial that has ended (`now` is past its end instant, through which it was active:
   * the contract's `trialRunning`) without a payment method to the Member plan, marked as
   * done by the system. One idempotent UPDATE, so several API nodes may run it at once (the
   * second finds nothing and records nothing). Each changed plan records `subscription.changed`.
   */
  async expireTrials(now: string, systemActor: number, trx: Transaction<Database>): Promise<number> {
    const changed = await trx
      .updateTable('subscriptions')
      .set({ plan: 'Free', stripe_status: 'active', action_performed_by: systemActor, updated_at: now })
      .where('stripe_status', '=', 'trialing')
      .where('has_payment_method', '=', 0)
      .where('trial_ends_at', '<', now)
      .returning('user_id')
      .execute();
    await BillingRepository.changed(trx, changed);
    return changed.length;
  }

  /** Records, last in `trx`, that these users' plans changed. */
  private static async changed(trx: Transaction<Database>, users: { user_id: number }[]): Promise<void> {
    for (const { user_id } of users) await recordEvent(trx, { type: 'subscription.changed', team_id: null, user_id });
  }
}
