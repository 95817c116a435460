import type { Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('subscriptions'), d)
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull().unique()))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('stripe_status', 'text', (c) => c.notNull())
    .addColumn('trial_ends_at', 'text')
    .addColumn('next_invoice_at', 'text')
    .addColumn('action_performed_by', 'integer')
    .addColumn('subscription_service', 'integer')
    .addColumn('has_payment_method', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_status_trial')
    .on('subscriptions')
    .columns(['stripe_status', 'trial_ends_at'])
    .execute();

  await withId(db.schema.createTable('teams'), d)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('owner_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('is_personal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level_of_engagement_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_owner_id').on('teams').column('owner_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('read_welcome_message', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_id').on('team_members').column('user_id').execute();

  await withId(db.schema.createTable('invitations'), d)
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('invitor_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('responded_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_email_status').on('invitations').columns(['email', 'status']).execute();
  await db.schema.createIndex('invitations_team_email').on('invitations').columns(['team_id', 'email']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['invitations', 'team_members', 'teams', 'subscriptions']) await db.schema.dropTable(t).execute();
}
