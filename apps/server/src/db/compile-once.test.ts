import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { compileOnce, compileOnceIn } from './compile-once.js';

describe('compileOnce', () => {
  const t = useTestApp();

  it('builds the query once and binds each call’s own values, on either database', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const db = t.db.kysely;
    const build = vi.fn((email: string, minId: number) =>
      db.selectFrom('users').select(['id', 'email']).where('email', '=', email).where('id', '>=', minId),
    );
    const byEmail = compileOnce(() => db, build);

    expect(await byEmail(ann.email, 0)).toEqual([{ id: ann.id, email: ann.email }]);
    expect(await byEmail(bob.email, 0)).toEqual([{ id: bob.id, email: bob.email }]);
    expect(await byEmail(bob.email, bob.id + 1)).toEqual([]);
    expect(await byEmail('nobody@example.test', 0)).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps the values the query itself holds beside the bound ones', async () => {
    const user = await buildUser(t);
    const db = t.db.kysely;
    const verified = compileOnce(
      () => db,
      (id: number) => db.selectFrom('users').select('id').where('id', '=', id).where('email', 'like', '%@%'),
    );
    expect(await verified(user.id)).toEqual([{ id: user.id }]);
    expect(await verified(user.id + 1000)).toEqual([]);
  });

  it('refuses a query that does not use an argument as a plain value', async () => {
    const db = t.db.kysely;
    const ignoresItsArgument = compileOnce(
      () => db,
      (_id: number) => db.selectFrom('users').select('id').where('id', '=', 1),
    );
    await expect(ignoresItsArgument(5)).rejects.toThrow(/uses 0 of its 1 arguments/);
  });

  it('compileOnceIn runs on the executor of each call (a transaction sees its own writes), built once', async () => {
    const user = await buildUser(t);
    const db = t.db.kysely;
    const build = vi.fn((ex: typeof db, id: number, name: string) =>
      ex.updateTable('users').set({ first_name: name }).where('id', '=', id).returning('first_name'),
    );
    const rename = compileOnceIn(build);
    const seen = await db.transaction().execute(async (trx) => {
      expect(await rename(trx, user.id, 'Inside')).toEqual([{ first_name: 'Inside' }]);
      return (await trx.selectFrom('users').select('first_name').where('id', '=', user.id).executeTakeFirst())
        ?.first_name;
    });
    expect(seen).toBe('Inside');
    expect(await rename(db, user.id, 'Outside')).toEqual([{ first_name: 'Outside' }]);
    expect(await rename(db, user.id + 1000, 'Nobody')).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
