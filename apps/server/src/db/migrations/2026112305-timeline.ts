import { sql, type Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

/**
 * The timeline: posts of every type (decisions.md ids), their tagged members, and reactions and
 * comments. Reactions and comments are one mechanism for anything reactable: each row names its
 * object by a foreign key column (`post_id` now; to-do tasks add `task_id`), so deleting the
 * object deletes them with it. Posts keep their counts, so a page never counts rows per post.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('posts'), d)
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('color_id', 'integer')
    .addColumn('media_key', 'text')
    .addColumn('media_type_id', 'integer')
    /** What a type adds (topic, check-in id, publishing state…), as JSON text. */
    .addColumn('extra', 'text')
    .addColumn('original_user_id', 'integer', (c) => references('users.id', 'set null')(c))
    .addColumn('original_team_id', 'integer', (c) => references('teams.id', 'set null')(c))
    .addColumn('is_forwarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buzzes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expressions_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A page of a timeline (or of one type) is a range of this index, newest first.
  await db.schema.createIndex('posts_team_id').on('posts').columns(['team_id', 'id']).execute();
  await db.schema.createIndex('posts_team_type_id').on('posts').columns(['team_id', 'type_id', 'id']).execute();
  await db.schema.createIndex('posts_user_id').on('posts').column('user_id').execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (c) => references('posts.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'user_id'])
    .execute();

  await withId(db.schema.createTable('reactions'), d)
    .addColumn('post_id', 'integer', (c) => references('posts.id')(c))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('buzz_type_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One reaction per person and object; the newest first for the hover list.
  await db.schema.createIndex('reactions_post_user').on('reactions').columns(['post_id', 'user_id']).unique().execute();
  await db.schema.createIndex('reactions_post_recent').on('reactions').columns(['post_id', 'id']).execute();
  await db.schema.createIndex('reactions_user_id').on('reactions').column('user_id').execute();

  await withId(db.schema.createTable('comments'), d)
    .addColumn('post_id', 'integer', (c) => references('posts.id')(c))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('content', 'text')
    .addColumn('media_key', 'text')
    .addColumn('media_type_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_post_recent').on('comments').columns(['post_id', 'id']).execute();
  await db.schema.createIndex('comments_post_user').on('comments').columns(['post_id', 'user_id']).execute();

  // Every team has its welcome message (spec §1), the ones made before this migration too.
  await sql`insert into posts (team_id, user_id, type_id, text, created_at)
            select id, owner_id, 2, ${WELCOME_TEXT}, created_at from teams`.execute(db);
}

/** The welcome message a new team starts with. */
export const WELCOME_TEXT =
  'Welcome to your new engagement! Share what you are working on, celebrate wins and bright ideas, and react to each other\u2019s posts.';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['comments', 'reactions', 'post_tags', 'posts']) await db.schema.dropTable(t).execute();
}
