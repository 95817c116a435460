import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { lockRows } from './dialect.js';

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
