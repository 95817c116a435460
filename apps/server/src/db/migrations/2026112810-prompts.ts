import { sql, type Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

/**
 * Team videos and slideshows (issue 22, ADR 0028): a lead asks the team a question (a `prompt`
 * with its post, type 6 or 11), every other member answers once (a video, or one to five images
 * with captions: one `prompt_responses` row per file, `position` in the answer), the one who
 * asked reminds (`prompt_reminders`, once per member and day) and publishes.
 *
 * What a timeline page shows of them (answer counts, the published answers) changes with these
 * rows, so they raise the team's timeline version as posts do (migration 2026112505).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('prompts'), d)
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    // The post goes, the prompt goes (its answers with it).
    .addColumn('post_id', 'integer', (c) => references('posts.id')(c.notNull()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('media_key', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prompts_post').on('prompts').column('post_id').unique().execute();
  // Lists and statistics read a team's prompts of one kind over a period, newest first.
  await db.schema
    .createIndex('prompts_team_kind_created')
    .on('prompts')
    .columns(['team_id', 'kind', 'created_at'])
    .execute();

  await withId(db.schema.createTable('prompt_responses'), d)
    .addColumn('prompt_id', 'integer', (c) => references('prompts.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('media_key', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    /** The file's place in its answer (0 for a video; 0–4 for a slideshow's images). */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_by', 'integer', (c) => references('users.id', 'set null')(c))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One answer per member: a second one is refused by the database too.
  await db.schema
    .createIndex('prompt_responses_prompt_user')
    .on('prompt_responses')
    .columns(['prompt_id', 'user_id', 'position'])
    .unique()
    .execute();
  // Statistics count a period's answers; the timeline asks whether the viewer answered.
  await db.schema
    .createIndex('prompt_responses_user')
    .on('prompt_responses')
    .columns(['user_id', 'prompt_id'])
    .execute();
  await db.schema
    .createIndex('prompt_responses_prompt_created')
    .on('prompt_responses')
    .columns(['prompt_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('prompt_reminders')
    .addColumn('prompt_id', 'integer', (c) => references('prompts.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('reminded_by', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('reminded_at', 'text', (c) => c.notNull())
    /** The UTC day of `reminded_at`: one reminder per member, prompt and day, enforced here. */
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prompt_reminders_once_a_day')
    .on('prompt_reminders')
    .columns(['prompt_id', 'user_id', 'day'])
    .unique()
    .execute();

  // Answers given, hidden or shown and prompts published change what a timeline page shows.
  if (d === 'postgres') {
    await sql`create function timeline_prompt_responses_changed() returns trigger language plpgsql as $$
      begin
        update team_timeline_versions v set version = v.version + 1
        where v.team_id in (select p.team_id from prompts p
                            where p.id = (case when tg_op = 'DELETE' then old.prompt_id else new.prompt_id end));
        return null;
      end $$`.execute(db);
    await sql`create function timeline_prompts_changed() returns trigger language plpgsql as $$
      begin
        update team_timeline_versions set version = version + 1 where team_id = new.team_id;
        return null;
      end $$`.execute(db);
    await sql`create trigger prompt_responses_timeline after insert or update or delete on prompt_responses
              for each row execute function timeline_prompt_responses_changed()`.execute(db);
    await sql`create trigger prompts_timeline_update after update on prompts
              for each row execute function timeline_prompts_changed()`.execute(db);
  } else {
    const bump = (ids: string) =>
      `update team_timeline_versions set version = version + 1
       where team_id in (select team_id from prompts where id in (${ids}));`;
    for (const [event, ids] of [
      ['insert', 'new.prompt_id'],
      ['update', 'old.prompt_id, new.prompt_id'],
      ['delete', 'old.prompt_id'],
    ] as const)
      await sql
        .raw(
          `create trigger prompt_responses_timeline_${event} after ${event} on prompt_responses begin ${bump(ids)} end`,
        )
        .execute(db);
    await sql`create trigger prompts_timeline_update after update on prompts begin
                update team_timeline_versions set version = version + 1 where team_id = new.team_id;
              end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger prompt_responses_timeline on prompt_responses`.execute(db);
    await sql`drop trigger prompts_timeline_update on prompts`.execute(db);
    await sql`drop function timeline_prompt_responses_changed()`.execute(db);
    await sql`drop function timeline_prompts_changed()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger prompt_responses_timeline_${event}`).execute(db);
    await sql`drop trigger prompts_timeline_update`.execute(db);
  }
  await db.schema.dropTable('prompt_reminders').execute();
  await db.schema.dropTable('prompt_responses').execute();
  await db.schema.dropTable('prompts').execute();
}
