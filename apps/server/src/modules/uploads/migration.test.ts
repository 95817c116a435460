import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadsMigration from '../../db/migrations/2026112306-uploads.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { createTeam } from '../../test/teams.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('migration 2026112306-uploads', () => {
  it('turns public team picture links into keys, and back down', async () => {
    const owner = await buildUser(t);
    const pictured = await createTeam(t, owner);
    const plain = await createTeam(t, owner);
    const key = `teams/${pictured.id}/${'c'.repeat(32)}.png`;
    const avatarOf = async (id: number) =>
      (await t.db.kysely.selectFrom('teams').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar;

    await t.db.kysely.updateTable('teams').set({ avatar: key }).where('id', '=', pictured.id).execute();
    await uploadsMigration.down(t.db.kysely);
    expect(await avatarOf(pictured.id)).toBe(`/files/${key}`);
    expect(await avatarOf(plain.id)).toBeNull();

    await uploadsMigration.up(t.db.kysely);
    expect(await avatarOf(pictured.id)).toBe(key);
    expect(await avatarOf(plain.id)).toBeNull();
    expect(await t.db.kysely.selectFrom('uploads').selectAll().execute()).toEqual([]);
  });
});
