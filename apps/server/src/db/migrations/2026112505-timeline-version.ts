import { sql, type Kysely } from 'kysely';
import { dialectOf, references } from '../dialect.js';

/**
 * A version number per team's timeline, raised by the database itself in the transaction of
 * every write that changes what a timeline page shows: a post inserted, updated or deleted
 * (whichever module or bulk load wrote it), a tag, a reaction or a comment of a post added,
 * changed or removed, a member's name or avatar, the team's name. A process that caches the
 * shared part of a page (ADR 0015) keys it by team and version and reads the version on every
 * request: a write committed by any process is seen by the next read of every process.
 *
 * SQLite: row triggers (it has no other kind). PostgreSQL: statement triggers over transition
 * tables, so a bulk statement raises each team's version once, not once per row (a 10 000-row
 * insert would otherwise update the same few rows 10 000 times in one transaction).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('team_timeline_versions')
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull().primaryKey()))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into team_timeline_versions (team_id, version) select id, 1 from teams`.execute(db);

  if (dialectOf(db) === 'postgres') {
    // Posts: a new team's first post makes its row (teams made later have none until then).
    await sql`create function timeline_posts_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into team_timeline_versions (team_id, version)
          select distinct team_id, 1 from new_rows
          on conflict (team_id) do update set version = team_timeline_versions.version + 1;
        elsif tg_op = 'UPDATE' then
          update team_timeline_versions v set version = v.version + 1
          where v.team_id in (select team_id from new_rows union select team_id from old_rows);
        else
          update team_timeline_versions v set version = v.version + 1
          where v.team_id in (select team_id from old_rows);
        end if;
        return null;
      end $$`.execute(db);
    // Tags, reactions and comments: the team of their post (a to-do task's have no post_id).
    await sql`create function timeline_post_rows_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update team_timeline_versions v set version = v.version + 1
          where v.team_id in (select p.team_id from new_rows n join posts p on p.id = n.post_id);
        elsif tg_op = 'UPDATE' then
          update team_timeline_versions v set version = v.version + 1
          where v.team_id in (select p.team_id from posts p
                              where p.id in (select post_id from new_rows union select post_id from old_rows));
        else
          update team_timeline_versions v set version = v.version + 1
          where v.team_id in (select p.team_id from old_rows o join posts p on p.id = o.post_id);
        end if;
        return null;
      end $$`.execute(db);
    for (const table of ['posts', 'post_tags', 'reactions', 'comments']) {
      const fn = table === 'posts' ? 'timeline_posts_changed' : 'timeline_post_rows_changed';
      for (const [event, rows] of [
        ['insert', 'new table as new_rows'],
        ['update', 'old table as old_rows new table as new_rows'],
        ['delete', 'old table as old_rows'],
      ] as const) {
        if (table === 'post_tags' && event === 'update') continue;
        await sql
          .raw(
            `create trigger ${table}_timeline_${event} after ${event} on ${table}
             referencing ${rows} for each statement execute function ${fn}()`,
          )
          .execute(db);
      }
    }
    // What cards show of people and teams: a rename or a new avatar shows on the next read.
    await sql`create function timeline_user_changed() returns trigger language plpgsql as $$
      begin
        update team_timeline_versions v set version = v.version + 1
        where v.team_id in (select team_id from team_members where user_id = new.id);
        return null;
      end $$`.execute(db);
    await sql`create trigger users_timeline_update after update of first_name, last_name, avatar on users
              for each row when (old.first_name is distinct from new.first_name
                                 or old.last_name is distinct from new.last_name
                                 or old.avatar is distinct from new.avatar)
              execute function timeline_user_changed()`.execute(db);
    await sql`create function timeline_team_changed() returns trigger language plpgsql as $$
      begin
        update team_timeline_versions set version = version + 1 where team_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger teams_timeline_update after update of name on teams
              for each row when (old.name is distinct from new.name)
              execute function timeline_team_changed()`.execute(db);
  } else {
    const bump = (teams: string) =>
      `update team_timeline_versions set version = version + 1 where team_id in (${teams});`;
    await sql`create trigger posts_timeline_insert after insert on posts begin
                insert into team_timeline_versions (team_id, version) values (new.team_id, 1)
                on conflict (team_id) do update set version = version + 1;
              end`.execute(db);
    await sql
      .raw(`create trigger posts_timeline_update after update on posts begin ${bump('old.team_id, new.team_id')} end`)
      .execute(db);
    await sql
      .raw(`create trigger posts_timeline_delete after delete on posts begin ${bump('old.team_id')} end`)
      .execute(db);
    // Tags, reactions and comments: the team of their post (a to-do task's have no post_id).
    for (const table of ['post_tags', 'reactions', 'comments']) {
      for (const event of ['insert', 'update', 'delete'] as const) {
        if (table === 'post_tags' && event === 'update') continue;
        const ids =
          event === 'insert' ? 'new.post_id' : event === 'delete' ? 'old.post_id' : 'old.post_id, new.post_id';
        await sql
          .raw(
            `create trigger ${table}_timeline_${event} after ${event} on ${table}
             begin ${bump(`select team_id from posts where id in (${ids})`)} end`,
          )
          .execute(db);
      }
    }
    await sql`create trigger users_timeline_update after update of first_name, last_name, avatar on users
              when old.first_name is not new.first_name or old.last_name is not new.last_name
                   or old.avatar is not new.avatar
              begin
                update team_timeline_versions set version = version + 1
                where team_id in (select team_id from team_members where user_id = new.id);
              end`.execute(db);
    await sql`create trigger teams_timeline_update after update of name on teams
              when old.name is not new.name
              begin
                update team_timeline_versions set version = version + 1 where team_id = new.id;
              end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const triggers: [string, string][] = [];
  for (const table of ['posts', 'post_tags', 'reactions', 'comments'])
    for (const event of ['insert', 'update', 'delete'])
      if (!(table === 'post_tags' && event === 'update')) triggers.push([`${table}_timeline_${event}`, table]);
  triggers.push(['users_timeline_update', 'users'], ['teams_timeline_update', 'teams']);
  for (const [name, table] of triggers)
    await sql.raw(postgres ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`).execute(db);
  if (postgres)
    for (const fn of [
      'timeline_posts_changed',
      'timeline_post_rows_changed',
      'timeline_user_changed',
      'timeline_team_changed',
    ])
      await sql.raw(`drop function ${fn}()`).execute(db);
  await db.schema.dropTable('team_timeline_versions').execute();
}
