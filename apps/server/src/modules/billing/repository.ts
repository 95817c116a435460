import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, Executor, SubscriptionRow, SubscriptionsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';

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
    ...overrides,
  };
}

export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByUser(userId: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async createTrial(userId: number, trialEndsAt: string, ex: Executor = this.db): Promise<void> {
    await ex
      .insertInto('subscriptions')
      .values(subscriptionValues(userId, { plan: 'Premium', stripe_status: 'trialing', trial_ends_at: trialEndsAt }))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Changes a user's subscription (as the billing provider's webhook would). */
  async update(userId: number, changes: Omit<Updateable<SubscriptionsTable>, 'id' | 'user_id'>): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set({ ...changes, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Moves every trial that has ended without a payment method to the Member plan, marked as
   * done by the system. One idempotent UPDATE, so several API nodes may run it at once.
   */
  async expireTrials(now: string, systemActor: number): Promise<number> {
    const res = await this.db
      .updateTable('subscriptions')
      .set({ plan: 'Free', stripe_status: 'active', action_performed_by: systemActor, updated_at: now })
      .where('stripe_status', '=', 'trialing')
      .where('has_payment_method', '=', 0)
      .where('trial_ends_at', '<=', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}
