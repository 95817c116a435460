import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { PNG_1X1, createTeam, deleteAndPurge, postTeamAvatar, teamsOf } from '../test/teams.js';
import { backup, restore } from './backup.js';

/** The configuration a backup reads: the test app's, with the database this run really uses. */
const configOf = (t: TestApp) => ({ ...t.config, DATABASE_URL: testDatabaseUrl });

/** A round trip on the database this run uses (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
describe('backup and restore', () => {
  const folders: string[] = [];
  const newFolder = () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'rally-backup-')), 'backup');
    folders.push(path.dirname(dir));
    return dir;
  };
  afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

  it('puts back the accounts, teams and uploaded files of the moment of the backup', async () => {
    let t: TestApp = await buildTestApp({}, { keep: true });
    const place = { dataDir: t.dataDir, pgSchema: t.pgSchema };
    const coach = await buildUser(t);
    const kept = await createTeam(t, coach, 'Kept Team');
    expect((await postTeamAvatar(t, kept.id, coach.token, PNG_1X1)).statusCode).toBe(200);
    const [withPicture] = (await teamsOf(t, coach)).filter((x) => x.id === kept.id);
    // The picture's signed URL names its key, a file under DATA_DIR/files.
    const picture = path.join(t.dataDir, withPicture!.avatar!.split('?')[0]!.replace(/^\/files\//, 'files/'));
    expect(existsSync(picture)).toBe(true);

    // Taken while the app runs.
    const dir = newFolder();
    const manifest = await backup({ config: configOf(t), dir, pgSchema: t.pgSchema });
    expect(manifest.database).toBe(testDatabaseUrl ? 'postgres' : 'sqlite');

    // Life goes on: the team is deleted and erased (its picture with it) and another is made.
    await deleteAndPurge(t, kept.id, coach.token);
    await createTeam(t, coach, 'Later Team');
    expect(existsSync(picture)).toBe(false);
    await t.close();

    await restore({ config: configOf(t), dir, pgSchema: place.pgSchema });
    t = await buildTestApp({ APP_SECRET: t.config.APP_SECRET }, { ...place, keep: false });
    try {
      const names = (await teamsOf(t, coach)).map((x) => x.name);
      expect(names).toEqual(['Kept Team']);
      expect(existsSync(picture)).toBe(true);
      // The account and its session came back too.
      expect((await t.api('GET', 'user/profile', undefined, coach.token)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses a folder that exists, and a backup of the other database kind', async () => {
    const t = await buildTestApp();
    try {
      const dir = newFolder();
      await backup({ config: configOf(t), dir, pgSchema: t.pgSchema });
      await expect(backup({ config: configOf(t), dir, pgSchema: t.pgSchema })).rejects.toThrow(/exists already/);
      const otherKind = testDatabaseUrl
        ? { ...t.config, DATABASE_URL: undefined }
        : { ...t.config, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
      await expect(restore({ config: otherKind, dir })).rejects.toThrow(/this backup holds a/);
    } finally {
      await t.close();
    }
  });
});
