import type { Kysely } from 'kysely';
import { references } from '../dialect.js';

/**
 * The coach's portfolio jobs (issue 26, ADR 0037):
 * - `attention_flags`: a row says this coach was told that this team is flagged for this cause
 *   (`ATTENTION_CAUSES`). The attention job inserts it with the notification and deletes it when
 *   the cause clears, so a relapse is told again but a cause that stays is told once.
 * - `portfolio_digests`: one row per coach and ISO week (`YYYY-Www`, in the coach's time zone) of
 *   a weekly digest queued; the primary key keeps it to one a week across processes and restarts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attention_flags')
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('flagged_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attention_flags_pk', ['user_id', 'team_id', 'cause'])
    .execute();
  // A team's purge deletes its flags (the cascade looks them up by team).
  await db.schema.createIndex('attention_flags_team_id').on('attention_flags').column('team_id').execute();

  await db.schema
    .createTable('portfolio_digests')
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('portfolio_digests_pk', ['user_id', 'week'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portfolio_digests').execute();
  await db.schema.dropTable('attention_flags').execute();
}
