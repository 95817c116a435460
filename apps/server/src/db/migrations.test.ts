import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { migrateToLatest } from './database.js';

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

  it('running them again is a no-op that keeps the data', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const u = await buildUser(t);
    await migrateToLatest(t.db.kysely);
    expect((await t.api('GET', 'user/profile', undefined, u.token)).json().data.email).toBe(u.email);
  });
});
