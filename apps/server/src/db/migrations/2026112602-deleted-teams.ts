import type { Kysely } from 'kysely';
import { references } from '../dialect.js';

/**
 * Engagements deleted by their owner stay restorable for a while (ADR 0019): `teams.deleted_at`
 * marks them, and their memberships move to `deleted_team_members` (same columns), so every read
 * that goes through a membership finds none, and a restore moves them back unchanged. The purge
 * job finds the expired ones by `teams_deleted_at`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('teams').addColumn('deleted_at', 'text').execute();
  await db.schema.createIndex('teams_deleted_at').on('teams').column('deleted_at').execute();
  await db.schema
    .createTable('deleted_team_members')
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('read_welcome_message', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deleted_team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('deleted_team_members_user_id').on('deleted_team_members').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deleted_team_members').execute();
  await db.schema.dropIndex('teams_deleted_at').execute();
  await db.schema.alterTable('teams').dropColumn('deleted_at').execute();
}
