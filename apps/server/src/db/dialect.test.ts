import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { jsonArrayFrom, lockRows, rowsOfJson } from './dialect.js';

describe('lockRows', () => {
  const t = useTestApp();

  it('locks the rows a select reads on PostgreSQL (FOR NO KEY UPDATE) and adds nothing on SQLite', async () => {
    const sql = await t.db.kysely.transaction().execute(async (trx) => {
      const query = trx.selectFrom('teams').select('id').where('id', '=', 0).$call(lockRows(trx));
      expect(await query.execute()).toEqual([]);
      return query.compile().sql;
    });
    if (t.db.dialect === 'postgres') expect(sql).toMatch(/ for no key update$/);
    else expect(sql).not.toMatch(/ for /);
  });
});

describe('jsonArrayFrom', () => {
  const t = useTestApp();

  it('returns each outer row’s subquery rows in their order, as objects of the named columns', async () => {
    const db = t.db.kysely;
    const users = await Promise.all(
      ['Cy', 'Ann', 'Bo'].map((first_name, i) =>
        db
          .insertInto('users')
          .values({
            first_name,
            last_name: 'Json',
            email: `json-${i}-${Date.now()}@example.test`,
            password_hash: 'x',
            avatar: null,
            email_verified_at: null,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    const ids = users.map((u) => u.id);
    const rows = await db
      .selectFrom('users as outer')
      .select((eb) => [
        'outer.id',
        jsonArrayFrom(
          t.db.dialect,
          db
            .selectFrom('users as inner')
            .select(['inner.first_name', 'inner.id as user_id'])
            .where('inner.id', 'in', ids)
            .where('inner.id', '!=', eb.ref('outer.id'))
            .orderBy('inner.first_name'),
        ).as('others'),
        jsonArrayFrom(t.db.dialect, db.selectFrom('users as none').select('none.id').where('none.id', '<', 0)).as(
          'nothing',
        ),
      ])
      .where('outer.id', '=', ids[0]!)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rowsOfJson(rows[0]!.others)).toEqual([
      { first_name: 'Ann', user_id: ids[1] },
      { first_name: 'Bo', user_id: ids[2] },
    ]);
    expect(rowsOfJson(rows[0]!.nothing)).toEqual([]);
  });
});
