import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../http/authenticate.js';
import { buildSecondProcess, buildTestApp, type TestApp, testRedisUrl, useTestApp } from '../../test/app.js';
import { buildUser, lastMailedCode, loginToken, profileStatus } from '../../test/factories.js';
import { SessionCache } from './session-cache.js';

const sessionOf = (userId: number, tokenId = userId): Session => ({
  user: {
    id: userId,
    first_name: 'A',
    last_name: 'B',
    email: `u${userId}@rally.test`,
    avatar: null,
    email_verified_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  tokenId,
});

describe('SessionCache', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers what it keeps until its TTL has passed', () => {
    const c = clock();
    const cache = new SessionCache(30_000, 100, c.now);
    cache.keep('tok-a', cache.epoch(), { session: sessionOf(1), lastUsedAt: 5, createdAt: 0 });
    expect(cache.lookup('tok-a')).toEqual({ session: sessionOf(1), lastUsedAt: 5, createdAt: 0, at: 1_000_000 });
    expect(cache.lookup('tok-b')).toBeUndefined();
    c.advance(29_999);
    expect(cache.lookup('tok-a')?.session.user.id).toBe(1);
    c.advance(1);
    expect(cache.lookup('tok-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every session of one user, and only theirs', () => {
    const cache = new SessionCache(30_000);
    cache.keep('a1', cache.epoch(), { session: sessionOf(1, 10), lastUsedAt: 0, createdAt: 0 });
    cache.keep('a2', cache.epoch(), { session: sessionOf(1, 11), lastUsedAt: 0, createdAt: 0 });
    cache.keep('b1', cache.epoch(), { session: sessionOf(2, 20), lastUsedAt: 0, createdAt: 0 });
    cache.forgetUser(1);
    expect([cache.lookup('a1'), cache.lookup('a2')]).toEqual([undefined, undefined]);
    expect(cache.lookup('b1')?.session.tokenId).toBe(20);
  });

  it('does not keep a read that began before an eviction (it may have read the revoked row)', () => {
    const cache = new SessionCache(30_000);
    const before = cache.epoch();
    cache.forgetUser(1); // a logout commits while the read is under way
    cache.keep('a1', before, { session: sessionOf(1), lastUsedAt: 0, createdAt: 0 });
    expect(cache.lookup('a1')).toBeUndefined();
    cache.keep('a1', cache.epoch(), { session: sessionOf(1), lastUsedAt: 0, createdAt: 0 });
    expect(cache.lookup('a1')).toBeDefined();
  });

  it('keeps at most `max` sessions, dropping the oldest', () => {
    const cache = new SessionCache(30_000, 2);
    for (const token of ['t1', 't2', 't3'])
      cache.keep(token, cache.epoch(), { session: sessionOf(1), lastUsedAt: 0, createdAt: 0 });
    expect(cache.size).toBe(2);
    expect(cache.lookup('t1')).toBeUndefined();
    expect(cache.lookup('t3')).toBeDefined();
  });

  it('keeps nothing with a TTL of 0, or while distrusted', () => {
    const off = new SessionCache(0);
    off.keep('t', off.epoch(), { session: sessionOf(1), lastUsedAt: 0, createdAt: 0 });
    expect(off.lookup('t')).toBeUndefined();
    const cache = new SessionCache(30_000);
    cache.keep('t', cache.epoch(), { session: sessionOf(1), lastUsedAt: 0, createdAt: 0 });
    cache.distrust();
    expect(cache.lookup('t')).toBeUndefined();
    cache.keep('t', cache.epoch(), { session: sessionOf(1), lastUsedAt: 0, createdAt: 0 });
    expect(cache.lookup('t')).toBeUndefined();
    cache.trust();
    cache.keep('t', cache.epoch(), { session: sessionOf(1), lastUsedAt: 0, createdAt: 0 });
    expect(cache.lookup('t')).toBeDefined();
  });
});

describe('the app with its session cache', () => {
  const t = useTestApp();

  it('answers a known session without asking the database who it is', async () => {
    const u = await buildUser(t);
    expect(await profileStatus(t, u.token)).toBe(200);
    const { queries } = await t.queriesOf(() => t.api('GET', 'user/profile', undefined, u.token));
    expect(queries.some((q) => q.includes('auth_tokens'))).toBe(false);
  });

  it('a logout ends the session at once', async () => {
    const u = await buildUser(t);
    expect(await profileStatus(t, u.token)).toBe(200);
    expect((await t.api('POST', 'logout', undefined, u.token)).statusCode).toBe(200);
    expect(await profileStatus(t, u.token)).toBe(401);
  });

  it('a password change ends the other sessions at once and keeps this one', async () => {
    const u = await buildUser(t);
    const other = await loginToken(t, u.email, u.password);
    expect(await profileStatus(t, other)).toBe(200);
    const res = await t.api(
      'POST',
      'user/profile/password',
      { old_password: u.password, password: 'brand-new', password_confirmation: 'brand-new', email: u.email },
      u.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileStatus(t, other)).toBe(401);
    expect(await profileStatus(t, u.token)).toBe(200);
  });

  it('a new e-mail is the session’s e-mail on the next request', async () => {
    const u = await buildUser(t);
    expect(await profileStatus(t, u.token)).toBe(200);
    const email = `renamed-${randomBytes(4).toString('hex')}@rally.test`;
    const ask = await t.api('POST', 'user/profile/email', { email, current_password: u.password }, u.token);
    expect(ask.statusCode, ask.body).toBe(200);
    const confirm = await t.api(
      'POST',
      'user/profile/email/confirm',
      { verification_code: await lastMailedCode(t, email) },
      u.token,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    // Changing the password asks for the session's own e-mail: a stale session would refuse it.
    const res = await t.api(
      'POST',
      'user/profile/password',
      { old_password: u.password, password: 'brand-new', password_confirmation: 'brand-new', email },
      u.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe.skipIf(!testRedisUrl)('two API processes sharing one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl!, REALTIME_CHANNEL: `rally-test-${randomBytes(6).toString('hex')}` };
    first = await buildTestApp(env);
    second = await buildSecondProcess(first, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a logout through one ends the session the other has cached', async () => {
    const u = await buildUser(first);
    expect(await profileStatus(second, u.token)).toBe(200); // now cached by the second
    expect((await first.api('POST', 'logout', undefined, u.token)).statusCode).toBe(200);
    // Pub/sub is asynchronous: the second hears of it within moments, not on its TTL (30 s).
    const until = Date.now() + 2_000;
    let status = await profileStatus(second, u.token);
    while (status !== 401 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
      status = await profileStatus(second, u.token);
    }
    expect(status).toBe(401);
  });
});
