import { sql, type Kysely } from 'kysely';
import { dialectOf, references } from '../dialect.js';

/**
 * The coach's portfolio (issue 26, ADR 0036).
 *
 * `portfolio_settings`: a coach's attention thresholds (null: the rule is off) and weekly digest;
 * no row means the contract's defaults. The digest job reads these columns directly.
 *
 * Rollups the portfolio reads instead of a year of rows, kept by triggers in the transaction of
 * every write (as the timeline versions are, migration 2026112505), and filled here from what is
 * already stored:
 * - `team_activity_days`: per team and UTC day, its posts (not the automatic welcome message, nor
 *   an answer's `checkin.reply` post: the answer counts), reactions and comments on its posts, and
 *   check-in answers; and the newest of them that day.
 * - `team_member_activity`: per team and person, when they last did any of these, when they last
 *   answered a check-in, and their answers' count and score sum (the All Time meter).
 * - `checkins.responses_count`, `prompts.answers_count`: answers so far (a team video's or a
 *   slideshow's: their file at position 0), the response rates without counting answers.
 * They count what happened: a post deleted later stays in the day's count and the last times.
 * A deleted check-in answer (an account erased) leaves the answer counts and score sums; the
 * answer counts of check-ins and prompts follow every insert and delete.
 * (Migration 2026112903 drops these triggers: the modules that own the rollups and counts keep
 * them in the write's transaction since, ADR 0038.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portfolio_settings')
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull().primaryKey()))
    .addColumn('happiness_drop', 'integer')
    .addColumn('quiet', 'integer')
    .addColumn('low_participation', 'integer')
    .addColumn('overdue_tasks', 'integer')
    .addColumn('digest_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digest_day', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digest_hour', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('updated_at', 'text')
    .execute();

  await db.schema
    .createTable('team_activity_days')
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('activity', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_activity_days_pk', ['team_id', 'day'])
    .execute();
  await db.schema
    .createTable('team_member_activity')
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('last_active_at', 'text', (c) => c.notNull())
    .addColumn('last_answer_at', 'text')
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('team_member_activity_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_member_activity_user').on('team_member_activity').column('user_id').execute();
  await db.schema
    .alterTable('checkins')
    .addColumn('responses_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('prompts')
    .addColumn('answers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The portfolio's grouped reads, each a range of one index per team (covering where it can).
  await db.schema
    .createIndex('checkins_team_created_counts')
    .on('checkins')
    .columns(['team_id', 'created_at', 'members_count', 'responses_count'])
    .execute();
  await db.schema
    .createIndex('checkin_responses_team_created_score')
    .on('checkin_responses')
    .columns(['team_id', 'created_at', 'user_id', 'score'])
    .execute();
  await db.schema.dropIndex('checkin_responses_team_created').execute();
  await db.schema
    .createIndex('todo_tasks_team_status_due')
    .on('todo_tasks')
    .columns(['team_id', 'status_id', 'due_date'])
    .execute();
  await db.schema.dropIndex('todo_tasks_team_id').execute();

  // What is already stored.
  const activity = sql`
    select team_id, user_id, created_at as at, cast(null as integer) as score from posts where type_id not in (2, 5)
    union all
    select p.team_id, r.user_id, r.created_at, null from reactions r join posts p on p.id = r.post_id
    union all
    select p.team_id, c.user_id, c.created_at, null from comments c join posts p on p.id = c.post_id
    union all
    select team_id, user_id, created_at, score from checkin_responses`;
  await sql`insert into team_activity_days (team_id, day, activity, last_at)
            select team_id, substr(at, 1, 10), count(*), max(at) from (${activity}) a
            group by team_id, substr(at, 1, 10)`.execute(db);
  await sql`insert into team_member_activity (team_id, user_id, last_active_at, last_answer_at, answers, score_sum)
            select team_id, user_id, max(at), max(case when score is not null then at end),
                   count(score), coalesce(sum(score), 0)
            from (${activity}) a group by team_id, user_id`.execute(db);
  await sql`update checkins set responses_count =
              (select count(*) from checkin_responses r where r.checkin_id = checkins.id)`.execute(db);
  await sql`update prompts set answers_count =
              (select count(*) from prompt_responses r where r.prompt_id = prompts.id and r.position = 0)`.execute(db);

  await createRollupTriggers(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await dropRollupTriggers(db);
  await db.schema.createIndex('todo_tasks_team_id').on('todo_tasks').column('team_id').execute();
  await db.schema.dropIndex('todo_tasks_team_status_due').execute();
  await db.schema
    .createIndex('checkin_responses_team_created')
    .on('checkin_responses')
    .columns(['team_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('checkin_responses_team_created_score').execute();
  await db.schema.dropIndex('checkins_team_created_counts').execute();
  await db.schema.alterTable('checkins').dropColumn('responses_count').execute();
  await db.schema.alterTable('prompts').dropColumn('answers_count').execute();
  await db.schema.dropTable('team_member_activity').execute();
  await db.schema.dropTable('team_activity_days').execute();
  await db.schema.dropTable('portfolio_settings').execute();
}

/**
 * The triggers that kept the rollups and the answer counts (dropped by migration 2026112903: the
 * modules that own them keep them in the write's transaction, ADR 0038).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createRollupTriggers(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // One activity (of `at`, by `u` in team `t`); `score` for a check-in answer.
    await sql`create function portfolio_activity(t integer, u integer, at text, score integer)
              returns void language plpgsql as $$
      begin
        insert into team_activity_days (team_id, day, activity, last_at) values (t, substr(at, 1, 10), 1, at)
        on conflict (team_id, day) do update
          set activity = team_activity_days.activity + 1,
              last_at = greatest(team_activity_days.last_at, excluded.last_at);
        insert into team_member_activity (team_id, user_id, last_active_at, last_answer_at, answers, score_sum)
        values (t, u, at, case when score is null then null else at end,
                case when score is null then 0 else 1 end, coalesce(score, 0))
        on conflict (team_id, user_id) do update
          set last_active_at = greatest(team_member_activity.last_active_at, excluded.last_active_at),
              last_answer_at = greatest(team_member_activity.last_answer_at, excluded.last_answer_at),
              answers = team_member_activity.answers + excluded.answers,
              score_sum = team_member_activity.score_sum + excluded.score_sum;
      end $$`.execute(db);
    await sql`create function portfolio_post_added() returns trigger language plpgsql as $$
      begin
        perform portfolio_activity(new.team_id, new.user_id, new.created_at, null);
        return null;
      end $$`.execute(db);
    await sql`create function portfolio_post_row_added() returns trigger language plpgsql as $$
      begin
        perform portfolio_activity(p.team_id, new.user_id, new.created_at, null) from posts p where p.id = new.post_id;
        return null;
      end $$`.execute(db);
    await sql`create function portfolio_answer_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform portfolio_activity(new.team_id, new.user_id, new.created_at, new.score);
          update checkins set responses_count = responses_count + 1 where id = new.checkin_id;
        else
          update checkins set responses_count = responses_count - 1 where id = old.checkin_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create function portfolio_prompt_answer_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update prompts set answers_count = answers_count + 1 where id = new.prompt_id;
        else
          update prompts set answers_count = answers_count - 1 where id = old.prompt_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger prompt_responses_portfolio_insert after insert on prompt_responses
              for each row when (new.position = 0) execute function portfolio_prompt_answer_changed()`.execute(db);
    await sql`create trigger prompt_responses_portfolio_delete after delete on prompt_responses
              for each row when (old.position = 0) execute function portfolio_prompt_answer_changed()`.execute(db);
    await sql`create trigger posts_portfolio after insert on posts
              for each row when (new.type_id not in (2, 5)) execute function portfolio_post_added()`.execute(db);
    for (const table of ['reactions', 'comments'])
      await sql
        .raw(
          `create trigger ${table}_portfolio after insert on ${table}
           for each row when (new.post_id is not null) execute function portfolio_post_row_added()`,
        )
        .execute(db);
    await sql`create trigger checkin_responses_portfolio after insert or delete on checkin_responses
              for each row execute function portfolio_answer_changed()`.execute(db);
  } else {
    // SQLite's max() of two values is null when either is: the stored value may be null.
    const activityOf = (team: string, user: string, at: string, score: string | null) => `
      insert into team_activity_days (team_id, day, activity, last_at)
      select ${team}, substr(${at}, 1, 10), 1, ${at} ${team.startsWith('p.') ? 'from posts p where p.id = new.post_id' : 'where true'}
      on conflict (team_id, day) do update
        set activity = activity + 1, last_at = max(last_at, excluded.last_at);
      insert into team_member_activity (team_id, user_id, last_active_at, last_answer_at, answers, score_sum)
      select ${team}, ${user}, ${at}, ${score === null ? 'null' : at}, ${score === null ? 0 : 1}, ${score ?? 0}
        ${team.startsWith('p.') ? 'from posts p where p.id = new.post_id' : 'where true'}
      on conflict (team_id, user_id) do update
        set last_active_at = max(last_active_at, excluded.last_active_at),
            last_answer_at = case when excluded.last_answer_at is null then last_answer_at
                                  else max(coalesce(last_answer_at, ''), excluded.last_answer_at) end,
            answers = answers + excluded.answers,
            score_sum = score_sum + excluded.score_sum;`;
    await sql
      .raw(
        `create trigger posts_portfolio after insert on posts when new.type_id not in (2, 5)
         begin ${activityOf('new.team_id', 'new.user_id', 'new.created_at', null)} end`,
      )
      .execute(db);
    for (const table of ['reactions', 'comments'])
      await sql
        .raw(
          `create trigger ${table}_portfolio after insert on ${table} when new.post_id is not null
           begin ${activityOf('p.team_id', 'new.user_id', 'new.created_at', null)} end`,
        )
        .execute(db);
    await sql
      .raw(
        `create trigger checkin_responses_portfolio_insert after insert on checkin_responses begin
           ${activityOf('new.team_id', 'new.user_id', 'new.created_at', 'new.score')}
           update checkins set responses_count = responses_count + 1 where id = new.checkin_id;
         end`,
      )
      .execute(db);
    await sql`create trigger checkin_responses_portfolio_delete after delete on checkin_responses begin
                update checkins set responses_count = responses_count - 1 where id = old.checkin_id;
              end`.execute(db);
    await sql`create trigger prompt_responses_portfolio_insert after insert on prompt_responses
              when new.position = 0 begin
                update prompts set answers_count = answers_count + 1 where id = new.prompt_id;
              end`.execute(db);
    await sql`create trigger prompt_responses_portfolio_delete after delete on prompt_responses
              when old.position = 0 begin
                update prompts set answers_count = answers_count - 1 where id = old.prompt_id;
              end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function dropRollupTriggers(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const [name, table] of [
      ['posts_portfolio', 'posts'],
      ['reactions_portfolio', 'reactions'],
      ['comments_portfolio', 'comments'],
      ['checkin_responses_portfolio', 'checkin_responses'],
      ['prompt_responses_portfolio_insert', 'prompt_responses'],
      ['prompt_responses_portfolio_delete', 'prompt_responses'],
    ])
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql`drop function portfolio_post_added()`.execute(db);
    await sql`drop function portfolio_post_row_added()`.execute(db);
    await sql`drop function portfolio_answer_changed()`.execute(db);
    await sql`drop function portfolio_prompt_answer_changed()`.execute(db);
    await sql`drop function portfolio_activity(integer, integer, text, integer)`.execute(db);
  } else {
    for (const name of [
      'posts_portfolio',
      'reactions_portfolio',
      'comments_portfolio',
      'checkin_responses_portfolio_insert',
      'checkin_responses_portfolio_delete',
      'prompt_responses_portfolio_insert',
      'prompt_responses_portfolio_delete',
    ])
      await sql.raw(`drop trigger ${name}`).execute(db);
  }
}
