import type { Kysely } from 'kysely';

/**
 * Card billing (ADR 0014): the provider's customer and subscription of each account, the moment
 * of the provider state last written (a fetch older than it is stale and dropped), and the ids
 * of the webhook events already handled, so a replayed delivery is a no-op.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('provider_customer_id', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('provider_subscription_id', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('provider_synced_at', 'text').execute();
  await db.schema
    .createIndex('subscriptions_provider_subscription')
    .on('subscriptions')
    .column('provider_subscription_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('subscriptions_provider_customer')
    .on('subscriptions')
    .column('provider_customer_id')
    .unique()
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropIndex('subscriptions_provider_customer').execute();
  await db.schema.dropIndex('subscriptions_provider_subscription').execute();
  for (const c of ['provider_synced_at', 'provider_subscription_id', 'provider_customer_id'])
    await db.schema.alterTable('subscriptions').dropColumn(c).execute();
}
