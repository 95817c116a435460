import { sql, type Kysely } from 'kysely';
import { dialectOf, references } from '../dialect.js';

/**
 * How many posts of each type a team has, kept by the database itself: a trigger on `posts`
 * counts every insert and delete, whichever code (or bulk load) wrote them. A timeline page's
 * `meta.total` then reads a few rows instead of counting the team's posts on every page.
 * (Migration 2026112903 drops the trigger: the posts module counts them since, ADR 0038.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('team_post_counts')
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('posts_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_post_counts_pk', ['team_id', 'type_id'])
    .execute();
  await sql`insert into team_post_counts (team_id, type_id, posts_count)
            select team_id, type_id, count(*) from posts group by team_id, type_id`.execute(db);

  await createCountTriggers(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await dropCountTriggers(db);
  await db.schema.dropTable('team_post_counts').execute();
}

/** The triggers that count posts (dropped by migration 2026112903: the posts module counts them, ADR 0038). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createCountTriggers(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create function count_team_posts() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into team_post_counts (team_id, type_id, posts_count) values (new.team_id, new.type_id, 1)
          on conflict (team_id, type_id) do update set posts_count = team_post_counts.posts_count + 1;
        else
          update team_post_counts set posts_count = posts_count - 1
          where team_id = old.team_id and type_id = old.type_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger posts_counted after insert or delete on posts
              for each row execute function count_team_posts()`.execute(db);
  } else {
    await sql`create trigger posts_counted_insert after insert on posts begin
                insert into team_post_counts (team_id, type_id, posts_count) values (new.team_id, new.type_id, 1)
                on conflict (team_id, type_id) do update set posts_count = posts_count + 1;
              end`.execute(db);
    await sql`create trigger posts_counted_delete after delete on posts begin
                update team_post_counts set posts_count = posts_count - 1
                where team_id = old.team_id and type_id = old.type_id;
              end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function dropCountTriggers(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger posts_counted on posts`.execute(db);
    await sql`drop function count_team_posts()`.execute(db);
  } else {
    await sql`drop trigger posts_counted_insert`.execute(db);
    await sql`drop trigger posts_counted_delete`.execute(db);
  }
}
