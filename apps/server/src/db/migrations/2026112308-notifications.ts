import type { Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

/**
 * Notifications (spec §3) and Web Push:
 * - `notifications`: one row per recipient and event, `data` the JSON text of what the list shows;
 *   read through `(user_id, id)` (newest first).
 * - `device_tokens`: a browser's PushSubscription (its JSON) per user, one row per endpoint.
 * - `held_pushes`: pushes held outside a user's hours; the summary job claims them by setting
 *   `sent_at` (an UPDATE … WHERE sent_at IS NULL, so two processes never both send).
 * - `push_mutes`: a row turns a member's pushes of one team off.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await withId(db.schema.createTable('notifications'), dialect)
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c))
    .addColumn('actor_id', 'integer', (c) => references('users.id', 'set null')(c))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_id_id').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_team_id').on('notifications').column('team_id').execute();
  await db.schema.createIndex('notifications_actor_id').on('notifications').column('actor_id').execute();

  await withId(db.schema.createTable('device_tokens'), dialect)
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('subscription', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_tokens_user_id').on('device_tokens').column('user_id').execute();

  await withId(db.schema.createTable('held_pushes'), dialect)
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('notification_id', 'integer', (c) => references('notifications.id')(c.notNull()))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('held_pushes_pending').on('held_pushes').columns(['sent_at', 'user_id']).execute();
  await db.schema.createIndex('held_pushes_notification_id').on('held_pushes').column('notification_id').execute();

  await db.schema
    .createTable('push_mutes')
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addPrimaryKeyConstraint('push_mutes_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('push_mutes_user_id').on('push_mutes').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_mutes').execute();
  await db.schema.dropTable('held_pushes').execute();
  await db.schema.dropTable('device_tokens').execute();
  await db.schema.dropTable('notifications').execute();
}
