import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/app.js';
import { cachingSqlite } from './prepared-statements.js';

interface Tables {
  items: { id: Generated<number>; name: string };
}

describe('cachingSqlite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-stmt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function open(max?: number) {
    const raw = new SQLite(path.join(dir, `${Math.random()}.sqlite`));
    const prepare = vi.spyOn(raw, 'prepare');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cachingSqlite(raw, max) }) });
    return { raw, db, prepare };
  }

  it('prepares each SQL text once and binds new parameters on every call', async () => {
    const { db, prepare } = open();
    await db.schema
      .createTable('items')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .execute();
    for (const name of ['a', 'b', 'c']) await db.insertInto('items').values({ name }).execute();
    const byName = (name: string) => db.selectFrom('items').select('id').where('name', '=', name).executeTakeFirst();
    expect(await byName('a')).toEqual({ id: 1 });
    expect(await byName('c')).toEqual({ id: 3 });
    expect(await byName('zzz')).toBeUndefined();

    const texts = prepare.mock.calls.map(([text]) => text);
    // create table, insert, select: three texts, each prepared once although run 1, 3 and 3 times.
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
    await db.destroy();
  });

  it('gives a statement that is still being iterated to no second caller', () => {
    const raw = new SQLite(':memory:');
    const db = cachingSqlite(raw);
    const text = 'select value from json_each(?)';
    const first = db.prepare(text);
    // A stream keeps its statement busy; the same text asked for meanwhile must still run.
    const rows = first.iterate(['[1,2]']);
    expect(rows.next().value).toEqual({ value: 1 });
    const second = db.prepare(text);
    expect(second).not.toBe(first);
    expect(second.all(['[3]'])).toEqual([{ value: 3 }]);
    expect(rows.next().value).toEqual({ value: 2 });
    expect(rows.next().done).toBe(true);
    // Done iterating, the cached one serves again.
    expect(db.prepare(text)).toBe(first);
    db.close();
    expect(raw.open).toBe(false);
  });

  it('keeps at most `max` statements, forgetting the oldest', async () => {
    const { db, prepare } = open(2);
    const one = (n: number) => sql`select ${sql.lit(n)} as n`.execute(db);
    await one(1);
    await one(2);
    await one(2); // cached
    await one(3); // pushes out 1
    await one(2); // still cached
    await one(1); // prepared again
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([
      'select 1 as n',
      'select 2 as n',
      'select 3 as n',
      'select 1 as n',
    ]);
    await db.destroy();
  });
});

describe('the app database', () => {
  const t = useTestApp();

  it('runs repeated parameterised queries as prepared statements', async () => {
    const { kysely, dialect } = t.db;
    const find = (id: number) => kysely.selectFrom('users').select('id').where('id', '=', id).execute();
    expect(await find(1)).toEqual([]);
    expect(await find(2)).toEqual([]);
    if (dialect !== 'postgres') return; // SQLite's cache is covered above
    // One connection, so the statement prepared above is visible to the check.
    const seen = await kysely.connection().execute(async (db) => {
      await db.selectFrom('users').select('id').where('id', '=', 3).execute();
      const { rows } = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like '%from "users"%'`.execute(db);
      return rows.map((r) => r.statement);
    });
    expect(seen).toContain('select "id" from "users" where "id" = $1');
  });
});
