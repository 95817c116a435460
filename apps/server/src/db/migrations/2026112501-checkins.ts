import type { Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

/**
 * Check-ins (decisions.md): a lead asks the team for its mood (a `checkin` post), each other
 * member answers once with a mood, privately or also as a `checkin.reply` post. The answer keeps
 * the mood's score as it was, so the statistics of a period never change after the fact.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('checkins'), d)
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('post_id', 'integer', (c) => references('posts.id', 'set null')(c))
    /** Members asked: everyone in the team but the initiator, when it was requested. */
    .addColumn('members_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The 4-hour rule reads the team's latest; statistics read a team's range of days.
  await db.schema.createIndex('checkins_team_created').on('checkins').columns(['team_id', 'created_at']).execute();

  await withId(db.schema.createTable('checkin_responses'), d)
    .addColumn('checkin_id', 'integer', (c) => references('checkins.id')(c.notNull()))
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('mood_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('is_private', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => references('posts.id', 'set null')(c))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One answer per person and check-in: a second one is refused by the database too.
  await db.schema
    .createIndex('checkin_responses_checkin_user')
    .on('checkin_responses')
    .columns(['checkin_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('checkin_responses_team_created')
    .on('checkin_responses')
    .columns(['team_id', 'created_at'])
    .execute();
  await db.schema.createIndex('checkin_responses_user').on('checkin_responses').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checkin_responses').execute();
  await db.schema.dropTable('checkins').execute();
}
