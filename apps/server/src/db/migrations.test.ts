import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { sql } from 'kysely';
import { migrateToLatest } from './database.js';
import { migrations } from './migrations/index.js';

describe('migrations', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });

  it('migrate a fresh database while another one on the same server is already migrated', async () => {
    // On PostgreSQL the two apps share one server, each in its own schema: the second must not
    // mistake the first one's migration tables for its own.
    apps.push(await buildTestApp());
    apps.push(await buildTestApp());
    for (const t of apps) expect((await buildUser(t)).token).toBeTruthy();
  });

  it('leave triggers only where a version must move with the write: the timeline’s (ADR 0038)', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const db = t.db.kysely;
    const live = async () => {
      const { rows } =
        t.db.dialect === 'postgres'
          ? await sql<{ name: string }>`select distinct trigger_name as name from information_schema.triggers
                                        where trigger_schema = current_schema()
                                        union select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                                        where n.nspname = current_schema()`.execute(db)
          : await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db);
      return rows.map((r) => r.name).sort();
    };
    const after = await live();
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((name) => !name.includes('timeline'))).toEqual([]);
    // Down puts the counting triggers back as their migrations made them; up drops them again.
    const derived = migrations['2026112903-derived-data']!;
    await derived.down!(db);
    const restored = await live();
    expect(restored.filter((name) => !after.includes(name)).length).toBeGreaterThan(0);
    expect(restored.some((name) => name.startsWith('posts_counted'))).toBe(true);
    expect(restored.some((name) => name.includes('portfolio'))).toBe(true);
    await derived.up(db);
    expect(await live()).toEqual(after);
  });

  it('running them again is a no-op that keeps the data', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const u = await buildUser(t);
    await migrateToLatest(t.db.kysely);
    expect((await t.api('GET', 'user/profile', undefined, u.token)).json().data.email).toBe(u.email);
  });
});
