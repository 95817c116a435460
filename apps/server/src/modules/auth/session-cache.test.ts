import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../events/tail.js';
import type { AppEvent } from '../../events/types.js';
import type { Principal, Session } from '../../http/authenticate.js';
import { buildSecondProcess, buildTestApp, type TestApp, useTestApp } from '../../test/app.js';
import { buildUser, lastMailedCode, loginToken, mailsTo, profileStatus, uniqueEmail } from '../../test/factories.js';
import { PNG_1X1, buildTeam, invite, multipart } from '../../test/teams.js';
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

/** An event tail as the cache sees it: tests tell it events and say whether it has heard the log. */
function fakeTail() {
  const listeners = new Set<EventListener>();
  const tail = {
    isHeard: true,
    heard: () => tail.isHeard,
    hear: () => Promise.resolve(tail.isHeard),
    on(listener: EventListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell(event: AppEvent) {
      for (const listener of listeners) listener(event);
    },
    get listeners() {
      return listeners.size;
    },
  };
  return tail;
}

const ended = (userId: number): AppEvent => ({ type: 'session.ended', team_id: null, user_id: userId });
const updated = (userId: number): AppEvent => ({ type: 'user.updated', team_id: null, user_id: userId });
const entry = (userId: number, tokenId = userId) => ({
  session: sessionOf(userId, tokenId),
  lastUsedAt: 0,
  createdAt: 0,
});

/** A cache following a fake tail that has heard the log. */
function following(...args: ConstructorParameters<typeof SessionCache>) {
  const cache = new SessionCache(...args);
  const tail = fakeTail();
  cache.follow(tail);
  return { cache, tail };
}

describe('SessionCache', async () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers what it keeps until its TTL has passed', async () => {
    const c = clock();
    const { cache } = following(30_000, 100, c.now);
    cache.keep('tok-a', cache.epoch(), { session: sessionOf(1), lastUsedAt: 5, createdAt: 0 });
    expect(await cache.lookup('tok-a')).toEqual({ session: sessionOf(1), lastUsedAt: 5, createdAt: 0, at: 1_000_000 });
    expect(await cache.lookup('tok-b')).toBeUndefined();
    c.advance(29_999);
    expect((await cache.lookup('tok-a'))?.session.user.id).toBe(1);
    c.advance(1);
    expect(await cache.lookup('tok-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it.each([['session.ended', ended] as const, ['user.updated', updated] as const])(
    'hearing %s forgets every session of that user, and only theirs',
    async (_type, event) => {
      const { cache, tail } = following(30_000);
      cache.keep('a1', cache.epoch(), entry(1, 10));
      cache.keep('a2', cache.epoch(), entry(1, 11));
      cache.keep('b1', cache.epoch(), entry(2, 20));
      tail.tell(event(1));
      expect([await cache.lookup('a1'), await cache.lookup('a2')]).toEqual([undefined, undefined]);
      expect((await cache.lookup('b1'))?.session.tokenId).toBe(20);
    },
  );

  it('other events of the user evict nothing', async () => {
    const { cache, tail } = following(30_000);
    cache.keep('a1', cache.epoch(), entry(1));
    tail.tell({ type: 'subscription.changed', team_id: null, user_id: 1 });
    tail.tell({ type: 'member.left', team_id: 7, user_id: 1 });
    expect(await cache.lookup('a1')).toBeDefined();
  });

  it('does not keep a read that began before an eviction it heard (it may have read the revoked row)', async () => {
    const { cache, tail } = following(30_000);
    const before = cache.epoch();
    tail.tell(ended(1)); // a logout commits, here or elsewhere, while the read is under way
    cache.keep('a1', before, entry(1));
    expect(await cache.lookup('a1')).toBeUndefined();
    cache.keep('a1', cache.epoch(), entry(1));
    expect(await cache.lookup('a1')).toBeDefined();
  });

  it('keeps at most `max` sessions, dropping the oldest', async () => {
    const { cache } = following(30_000, 2);
    for (const token of ['t1', 't2', 't3']) cache.keep(token, cache.epoch(), entry(1));
    expect(cache.size).toBe(2);
    expect(await cache.lookup('t1')).toBeUndefined();
    expect(await cache.lookup('t3')).toBeDefined();
  });

  it('keeps nothing with a TTL of 0', async () => {
    const { cache } = following(0);
    cache.keep('t', cache.epoch(), entry(1));
    expect(await cache.lookup('t')).toBeUndefined();
  });

  it('answers nothing while its tail has not heard the log recently, nor before it follows one', async () => {
    const alone = new SessionCache(30_000);
    alone.keep('t', alone.epoch(), entry(1));
    expect(await alone.lookup('t')).toBeUndefined();

    const { cache, tail } = following(30_000);
    cache.keep('t', cache.epoch(), entry(1));
    tail.isHeard = false; // another process's logout may be unheard, and reading the log failed
    expect(await cache.lookup('t')).toBeUndefined();
    tail.isHeard = true; // its next read told every eviction since the last
    expect(await cache.lookup('t')).toBeDefined();
  });

  it('stops listening and forgets everything when closed', async () => {
    const { cache, tail } = following(30_000);
    cache.keep('t', cache.epoch(), entry(1));
    expect(tail.listeners).toBe(1);
    cache.close();
    expect(tail.listeners).toBe(0);
    expect(cache.size).toBe(0);
  });
});

/** What the cache keeps for `token` now. */
const sessionUser = async (t: Pick<TestApp, 'app'>, token: string): Promise<Principal | undefined> =>
  (await t.app.sessions.lookup(token))?.session.user;

/**
 * The users the cache answered `token` with during `work`: none when every request of it read the
 * session from the database (as it must right after an eviction: the database has the new data).
 * A spy rather than `sessionUser` afterwards: this process hears its own events again at its next
 * read of the log (harmless, it evicts again), which may come at any moment.
 */
async function answeredFromCache(t: Pick<TestApp, 'app'>, token: string, work: () => Promise<unknown>) {
  const lookup = vi.spyOn(t.app.sessions, 'lookup');
  try {
    await work();
    const answers = await Promise.all(
      lookup.mock.calls.map(async ([asked], i) => {
        const result = lookup.mock.results[i];
        const found = asked === token && result?.type === 'return' ? await result.value : undefined;
        return found ? [found.session.user] : [];
      }),
    );
    return answers.flat();
  } finally {
    lookup.mockRestore();
  }
}

/** Answered, and then kept: the token's session is in the process's cache. */
async function cached(t: Pick<TestApp, 'app' | 'api'>, token: string): Promise<Principal> {
  // Read first: the request below is answered from the cache only while the tail has heard the log.
  await t.app.eventTail.read();
  expect(await profileStatus(t as TestApp, token)).toBe(200);
  const user = await sessionUser(t, token);
  expect(user, 'the session is kept in the cache').toBeDefined();
  return user!;
}

const bio = (t: Pick<TestApp, 'api'>, token: string, body: Record<string, unknown>) =>
  t.api('POST', 'user/profile/bio', body, token);

/** The e-mail change, asked and confirmed with the mailed code. */
async function changeEmail(t: TestApp, token: string, password: string): Promise<string> {
  const email = `renamed-${randomBytes(4).toString('hex')}@rally.test`;
  const ask = await t.api('POST', 'user/profile/email', { email, current_password: password }, token);
  expect(ask.statusCode, ask.body).toBe(200);
  const confirm = await t.api(
    'POST',
    'user/profile/email/confirm',
    { verification_code: await lastMailedCode(t, email) },
    token,
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  return email;
}

describe('the app with its session cache (one process)', () => {
  const t = useTestApp();

  it('answers a known session without asking the database who it is', async () => {
    const u = await buildUser(t);
    await cached(t, u.token);
    const { queries } = await t.queriesOf(() => t.api('GET', 'user/profile', undefined, u.token));
    expect(queries.some((q) => q.includes('auth_tokens'))).toBe(false);
  });

  it('a logout ends the session at once', async () => {
    const u = await buildUser(t);
    await cached(t, u.token);
    expect((await t.api('POST', 'logout', undefined, u.token)).statusCode).toBe(200);
    expect(await profileStatus(t, u.token)).toBe(401);
  });

  it('a password change ends the other sessions at once and keeps this one', async () => {
    const u = await buildUser(t);
    const other = await loginToken(t, u.email, u.password);
    await cached(t, other);
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

  it('a password reset ends every session at once', async () => {
    const u = await buildUser(t);
    await cached(t, u.token);
    expect((await t.api('POST', 'forgot-password', { email: u.email })).statusCode).toBe(200);
    const code = await lastMailedCode(t, u.email);
    const res = await t.api('POST', 'reset-password', {
      email: u.email,
      token: code,
      password: 'brand-new',
      password_confirmation: 'brand-new',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileStatus(t, u.token)).toBe(401);
  });

  it('a confirmed e-mail change ends the other sessions, and this one carries the new e-mail at once', async () => {
    const u = await buildUser(t);
    const other = await loginToken(t, u.email, u.password);
    await cached(t, other);
    await cached(t, u.token);
    const email = await changeEmail(t, u.token, u.password);
    expect(await profileStatus(t, other)).toBe(401);
    expect(await answeredFromCache(t, u.token, async () => expect(await profileStatus(t, u.token)).toBe(200))).toEqual(
      [],
    );
    // Changing the password asks for the session's own e-mail: a stale session would refuse it.
    const res = await t.api(
      'POST',
      'user/profile/password',
      { old_password: u.password, password: 'brand-new', password_confirmation: 'brand-new', email },
      u.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a new name is the session’s name on the next request (the inviter named in an invitation)', async () => {
    const u = await buildUser(t, { first_name: 'Old', last_name: 'Name' });
    const team = await buildTeam(t, u);
    await cached(t, u.token);
    const res = await bio(t, u.token, { first_name: 'Neue', last_name: 'Person', email: u.email });
    expect(res.statusCode, res.body).toBe(200);
    const invitee = uniqueEmail('invitee');
    const stale = await answeredFromCache(t, u.token, async () =>
      expect((await invite(t, team.id, [invitee], u.token)).statusCode).toBe(200),
    );
    expect(stale).toEqual([]);
    const [mail] = await mailsTo(t, invitee);
    expect(mail?.text_body).toContain('Neue Person');
  });

  it('a new avatar is the session’s avatar on the next request', async () => {
    const u = await buildUser(t);
    expect((await cached(t, u.token)).avatar).toBeNull();
    const form = multipart([{ name: 'avatar', filename: 'avatar.png', contentType: 'image/png', data: PNG_1X1 }]);
    const res = await t.api('POST', 'user/profile/avatar', form.payload, u.token, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    // The next request reads the session again, with the avatar just stored.
    const stale = await answeredFromCache(t, u.token, async () => expect(await profileStatus(t, u.token)).toBe(200));
    expect(stale).toEqual([]);
  });

  it('records the evictions in the writes’ transactions, for every process to hear', async () => {
    const u = await buildUser(t);
    const events = async () =>
      (
        await t.db.kysely
          .selectFrom('events')
          .select(['type', 'payload'])
          .where('type', 'in', ['session.ended', 'user.updated'])
          .orderBy('id')
          .execute()
      )
        .map((row) => JSON.parse(row.payload) as AppEvent)
        .filter((event) => 'user_id' in event && event.user_id === u.id)
        .map((event) => event.type);
    await bio(t, u.token, { first_name: 'Other', last_name: 'Name', email: u.email });
    await changeEmail(t, u.token, u.password);
    expect((await t.api('POST', 'logout', undefined, u.token)).statusCode).toBe(200);
    expect(await events()).toEqual(['user.updated', 'session.ended', 'user.updated', 'session.ended']);
  });
});

describe('two app processes on one database, without Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ REDIS_URL: '' });
    b = await buildSecondProcess(a, { REDIS_URL: '' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a logout through one is refused by the other, which had the session cached, at its next read of the log', async () => {
    const u = await buildUser(a);
    await cached(b, u.token);
    expect((await a.api('POST', 'logout', undefined, u.token)).statusCode).toBe(200);
    await b.app.eventTail.read();
    expect(await profileStatus(b, u.token)).toBe(401);
  });

  it('a password change through one ends the sessions the other had cached', async () => {
    const u = await buildUser(a);
    const other = await loginToken(a, u.email, u.password);
    await cached(b, other);
    const res = await a.api(
      'POST',
      'user/profile/password',
      { old_password: u.password, password: 'brand-new', password_confirmation: 'brand-new', email: u.email },
      u.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    await b.app.eventTail.read();
    expect(await profileStatus(b, other)).toBe(401);
  });

  it('a new name through one is the name of the session the other had cached', async () => {
    const u = await buildUser(a, { first_name: 'Old', last_name: 'Name' });
    expect(await cached(b, u.token)).toMatchObject({ first_name: 'Old' });
    const res = await bio(a, u.token, { first_name: 'Neue', last_name: 'Person', email: u.email });
    expect(res.statusCode, res.body).toBe(200);
    await b.app.eventTail.read();
    expect(await profileStatus(b, u.token)).toBe(200);
    expect(await sessionUser(b, u.token)).toMatchObject({ first_name: 'Neue', last_name: 'Person' });
  });
});

describe('a process that has not heard the log recently', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // A short poll, so "not recently" (twice the poll) comes within a test's moment.
    a = await buildTestApp({ REDIS_URL: '', EVENTS_POLL_MS: '50' });
    b = await buildSecondProcess(a, { REDIS_URL: '' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('answers no cached session: another process’s logout it has not heard is refused', async () => {
    const u = await buildUser(a);
    await cached(a, u.token);
    // The process stops hearing the log (a stalled loop, an unreachable database) …
    await a.app.eventTail.close();
    await a.app.queue.idle(); // a read of its poll under way ends first
    // … so another process's logout is not heard here.
    expect((await b.api('POST', 'logout', undefined, u.token)).statusCode).toBe(200);
    await vi.waitFor(() => expect(a.app.eventTail.heard()).toBe(false), { timeout: 2_000, interval: 10 });
    expect(await sessionUser(a, u.token)).toBeUndefined();
    expect(await profileStatus(a, u.token)).toBe(401);
  });
});
