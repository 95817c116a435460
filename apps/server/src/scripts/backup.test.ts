import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteFileIn } from '../config.js';
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

describe.skipIf(testDatabaseUrl)('backup of SQLite beside a writer', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rally-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finishes while another connection keeps writing, with a consistent copy', async () => {
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    const writer = new SQLite(sqliteFileIn(dataDir));
    writer.pragma('journal_mode = WAL');
    writer.exec('create table filler (b blob); create table ticks (n integer)');
    // About 2 MB: 500 pages, several of better-sqlite3's default 100-page steps.
    const fill = writer.prepare('insert into filler values (randomblob(4000))');
    writer.transaction(() => {
      for (let i = 0; i < 500; i++) fill.run();
    })();

    // A write between every two turns of the event loop, as a busy server's, for a bounded time.
    const LIMIT = 2_000;
    const tick = writer.prepare('insert into ticks values (?)');
    let ticks = 0;
    const writing = new Promise<void>((resolve) => {
      const next = () => {
        tick.run(++ticks);
        if (ticks < LIMIT) setImmediate(next);
        else resolve();
      };
      setImmediate(next);
    });
    const dir = path.join(root, 'backup');
    await backup({ config: { DATA_DIR: dataDir, DATABASE_URL: undefined }, dir });
    // Copied in steps, every tick restarted the copy: it could end only once the writer stopped.
    const ticksAtEnd = ticks;
    await writing;
    writer.close();
    expect(ticksAtEnd).toBeLessThan(LIMIT);

    const copy = new SQLite(path.join(dir, 'rally.sqlite'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) from filler').pluck().get()).toBe(500);
      // One moment's state: ticks 1..k, none missing.
      const { n, top } = copy.prepare('select count(*) as n, max(n) as top from ticks').get() as {
        n: number;
        top: number;
      };
      expect(n).toBe(top ?? 0);
    } finally {
      copy.close();
    }
  });
});
