import { sql, type Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

/**
 * The Inspiration topic (spec §3 Topic; docs/adr/0016-topic-of-the-day.md): one topic per team
 * and UTC day (`publish_date`, 'YYYY-MM-DD'). `published_at` stays null until the topic is
 * published: at once for today, by the scheduled job for a later day. The job claims a topic by
 * setting it (UPDATE … WHERE published_at IS NULL), so two processes never publish one twice.
 * `post_id` is its `topic` post on the timeline.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('topics'), dialectOf(db))
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_date', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('post_id', 'integer', (c) => references('posts.id', 'set null')(c))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One topic per team and day; also the topic of the day and the latest topic, newest day first.
  await db.schema.createIndex('topics_team_day').on('topics').columns(['team_id', 'publish_date']).unique().execute();
  // The job's look-up of due topics reads only the unpublished ones.
  await db.schema
    .createIndex('topics_due')
    .on('topics')
    .column('publish_date')
    .where(sql.ref('published_at'), 'is', null)
    .execute();
  await db.schema.createIndex('topics_user_id').on('topics').column('user_id').execute();
  await db.schema.createIndex('topics_post_id').on('topics').column('post_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topics').execute();
}
