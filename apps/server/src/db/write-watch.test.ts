import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { ANY_TABLE, tableWritten } from './write-watch.js';

describe('tableWritten', () => {
  it.each([
    ['insert into "teams" ("name") values ($1)', 'teams'],
    ['insert or ignore into team_members (team_id) values (?)', 'team_members'],
    ['update "users" set "first_name" = ? where "id" = ?', 'users'],
    ['UPDATE public.subscriptions SET plan = $1', 'subscriptions'],
    ['delete from "topics" where "id" = $1', 'topics'],
    ['with gone as (delete from "team_members" where "user_id" = $1 returning 1) select count(*) from gone', ANY_TABLE],
    ['alter table teams add column x integer', ANY_TABLE],
    ['truncate teams cascade', ANY_TABLE],
    ['update "my-schema"."teams" set name = $1', 'teams'],
    ['/* a comment first */ insert into teams (name) values (?)', ANY_TABLE],
    ['insert ignore into teams (name) values (?)', ANY_TABLE],
    ['explain analyze delete from teams', ANY_TABLE],
    ['create index x on teams (name)', ANY_TABLE],
  ])('%s writes %s', (statement, table) => expect(tableWritten(statement)).toBe(table));

  it.each([
    'select "updated_at" from "teams" where "id" = ?',
    'with recent as (select * from posts) select * from recent where updated_at > ?',
    'begin',
    'commit',
    'rollback',
    'pragma data_version',
    'select * from teams for update',
    "select pg_notify('rally_table_changes', 'public.#ping:1')",
    'savepoint sp1',
    'release savepoint sp1',
    'SET plan_cache_mode = force_generic_plan',
  ])('%s writes nothing', (statement) => expect(tableWritten(statement)).toBeUndefined());
});

describe('watchWrites', () => {
  const t = useTestApp();
  let heard: string[][] = [];
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());
  const listen = () => {
    heard = [];
    // The mail dispatcher writes beside the test; only the tables written here count.
    stop = t.db.commits.subscribe((tables) => {
      const ours = [...tables].filter((x) => x !== 'mail_outbox');
      if (ours.length) heard.push(ours.sort());
    });
  };

  it('tells a statement’s table once it ran on its own, nothing for a read', async () => {
    listen();
    await t.db.kysely.selectFrom('teams').select('id').execute();
    expect(heard).toEqual([]);
    await t.db.kysely.updateTable('teams').set({ name: 'x' }).where('id', '=', -1).execute();
    expect(heard).toEqual([['teams']]);
    await sql`update users set first_name = first_name where id = -1`.execute(t.db.kysely);
    expect(heard).toEqual([['teams'], ['users']]);
  });

  it('tells a transaction’s tables after COMMIT, not before; and after a ROLLBACK', async () => {
    listen();
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('teams').set({ name: 'x' }).where('id', '=', -1).execute();
      await trx.deleteFrom('topics').where('id', '=', -1).execute();
      await trx.selectFrom('users').select('id').execute();
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([['teams', 'topics']]);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('subscriptions').set({ plan: 'Free' }).where('user_id', '=', -1).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toEqual([['teams', 'topics'], ['subscriptions']]);
  });
});
