import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { DAY } from '../../lib/clock.js';
import { useTestApp } from '../../test/app.js';
import { buildUser, profileStatus } from '../../test/factories.js';

/**
 * Issue 20, finding 2: a session ends SESSION_MAX_AGE_DAYS after its sign-in however often it is
 * used (beside the 30-day idle expiry), and a cached session too.
 */
const t = useTestApp({ SESSION_MAX_AGE_DAYS: '7' });

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the sign-in of every session of a user back by `ms`; the last use stays now. */
async function signedInAgo(userId: number, ms: number): Promise<void> {
  const now = Date.now();
  await t.db.kysely
    .updateTable('auth_tokens')
    .set({ created_at: new Date(now - ms).toISOString(), last_used_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

const tokensOf = (userId: number) =>
  t.db.kysely.selectFrom('auth_tokens').select('id').where('user_id', '=', userId).execute();

/** The `session.ended` events recorded for a user. */
async function sessionsEnded(userId: number): Promise<number> {
  const rows = await t.db.kysely.selectFrom('events').select('payload').where('type', '=', 'session.ended').execute();
  return rows.filter((row) => (JSON.parse(row.payload) as { user_id: number }).user_id === userId).length;
}

describe('absolute session lifetime', () => {
  it('defaults to 90 days', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).SESSION_MAX_AGE_DAYS).toBe(90);
      expect(t.config.SESSION_MAX_AGE_DAYS).toBe(7);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a session older than SESSION_MAX_AGE_DAYS gets 401 though it was used a moment ago, and is deleted', async () => {
    const user = await buildUser(t);
    await signedInAgo(user.id, 7 * DAY + 60_000);
    t.app.sessions.forgetUser(user.id); // the write went around the app: no event evicts for it
    expect(await profileStatus(t, user.token)).toBe(401);
    expect(await tokensOf(user.id)).toEqual([]);
  });

  it('the request that deletes an expired session records session.ended in its transaction, once', async () => {
    const user = await buildUser(t);
    await signedInAgo(user.id, 7 * DAY + 60_000);
    t.app.sessions.forgetUser(user.id); // the write went around the app: no event evicts for it
    expect(await sessionsEnded(user.id)).toBe(0);
    expect(await profileStatus(t, user.token)).toBe(401);
    expect(await profileStatus(t, user.token)).toBe(401); // found gone: nothing more to tell
    expect(await sessionsEnded(user.id)).toBe(1);
  });

  it('a younger session works', async () => {
    const user = await buildUser(t);
    await signedInAgo(user.id, 7 * DAY - 60_000);
    t.app.sessions.forgetUser(user.id); // the write went around the app: no event evicts for it
    expect(await profileStatus(t, user.token)).toBe(200);
  });

  it('the session cache does not answer a session that reached its maximum age while cached', async () => {
    const user = await buildUser(t);
    await signedInAgo(user.id, 7 * DAY - 1_000);
    t.app.sessions.forgetUser(user.id); // the write went around the app: no event evicts for it
    expect(await profileStatus(t, user.token)).toBe(200); // read and kept in the cache
    // Two seconds later: the cache's 30 s and the 60 s between writes of the last use have not
    // passed, the maximum age has.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2_000 });
    expect(await profileStatus(t, user.token)).toBe(401);
  });
});
