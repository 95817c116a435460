import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostDto, type TeamDto, ProfileMessages, Timing } from '@rally/contract';
import { DAY } from '../../lib/clock.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser, expectInvalid, loginToken, type SignedUpUser } from '../../test/factories.js';
import { startPushService } from '../../test/push-service.js';
import { buildTeam, seatMembers } from '../../test/teams.js';
import { MembersRepository } from '../members/repository.js';
import { TeamAccess } from '../members/team-access.js';
import { withinHours } from './hours.js';
import { PushRepository } from './repository.js';
import { PushService } from './service.js';
import { loadVapid } from './vapid.js';

// web-push's own decryption library reads what the stand-in received, as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
/** The controllable clock of quiet hours. */
let now = new Date('2026-11-24T10:00:00Z');
let coach: SignedUpUser;
let mina: SignedUpUser;
let team: TeamDto;
let minas: ReturnType<typeof service.subscription>;

/** Another API process's push service on the same database. */
const process_ = () =>
  new PushService({
    db: t.db.kysely,
    repo: new PushRepository(t.db.kysely),
    access: new TeamAccess(new MembersRepository(t.db.kysely)),
    vapid: loadVapid(t.config),
    allowedHosts: t.config.PUSH_SERVICE_HOSTS,
    sessionMaxAgeMs: t.config.SESSION_MAX_AGE_DAYS * DAY,
    log: t.app.log,
    now: () => now,
    agent: service.agent,
  });

beforeAll(async () => {
  service = await startPushService();
  // The local stand-in is the one push service this app may POST to.
  t = await buildTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' }, { push: { now: () => now, agent: service.agent } });
  [coach, mina] = await Promise.all([
    buildUser(t, { first_name: 'Cora', last_name: 'Push' }),
    buildUser(t, { first_name: 'Mina', last_name: 'Push' }),
  ]);
  team = await buildTeam(t, coach, 'Push Team');
  await seatMembers(t, team.id, [{ user: mina, role: 4 }]);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

async function subscribe(user: SignedUpUser, pathName: string, token = user.token) {
  const sub = service.subscription(pathName);
  const res = await t.api(
    'POST',
    'register-device-token',
    { device_id: `dev-${pathName}`, device_token: sub.json, device_os_id: 3 },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return sub;
}
async function post(user: SignedUpUser, content = 'Hello push world') {
  const res = await t.api('POST', `user/team/${team.id}/posts`, { content }, user.token);
  expect(res.statusCode, res.body).toBe(201);
  await t.app.queue.idle();
  return res.json<{ data: PostDto }>().data;
}
const to = (p: string) => service.received.filter((r) => r.path === p);
const read = (r: { body: Buffer }, sub: { ecdh: unknown; auth: Buffer }) =>
  JSON.parse(
    ece.decrypt(r.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString('utf8'),
  ) as {
    title: string;
    body: string;
    url: string;
  };

describe('VAPID and registration', () => {
  it('generates a key pair into DATA_DIR once and gives the public key to clients', async () => {
    const file = path.join(t.dataDir, 'vapid.json');
    expect(existsSync(file)).toBe(true);
    const res = await t.api('GET', 'push/public-key', undefined, coach.token);
    expect(res.json().data.public_key).toBe(JSON.parse(readFileSync(file, 'utf8')).publicKey);
  });

  it("refuses what is not a browser's push subscription with 'push not supported'", async () => {
    const body = (over: object) => ({
      device_id: 'd1',
      device_token: '{"endpoint":"https://x.test/1","keys":{"p256dh":"a","auth":"b"}}',
      device_os_id: 3,
      ...over,
    });
    expectInvalid(
      await t.api('POST', 'register-device-token', body({ device_os_id: 1 }), coach.token),
      'device_os_id',
      ProfileMessages.pushNotSupported,
    );
    expectInvalid(
      await t.api('POST', 'register-device-token', body({ device_token: 'fcm-token' }), coach.token),
      'device_token',
      ProfileMessages.pushNotSupported,
    );
    expectInvalid(
      await t.api(
        'POST',
        'register-device-token',
        body({ device_token: '{"endpoint":"http://10.0.0.1/x","keys":{"p256dh":"a","auth":"b"}}' }),
        coach.token,
      ),
      'device_token',
      ProfileMessages.pushNotSupported,
    );
    // An https endpoint on any host but a push service: the server would POST there.
    expectInvalid(
      await t.api(
        'POST',
        'register-device-token',
        body({ device_token: '{"endpoint":"https://internal.example/x","keys":{"p256dh":"a","auth":"b"}}' }),
        coach.token,
      ),
      'device_token',
      ProfileMessages.pushNotSupported,
    );
    expect((await t.api('POST', 'register-device-token', body({}))).statusCode).toBe(401);
  });
});

describe('sending', () => {
  it('within hours: pushes title, body and url to the recipient at once, never to the actor', async () => {
    now = new Date('2026-11-24T10:00:00Z'); // 10:00 UTC, no profile: within 08:00–17:00
    minas = await subscribe(mina, '/mina-1');
    await subscribe(coach, '/coach-1');
    await post(coach);
    expect(to('/coach-1')).toHaveLength(0);
    const [got] = to('/mina-1');
    expect(got!.headers.authorization).toMatch(/^vapid t=/);
    expect(read(got!, minas)).toEqual({
      title: 'Push Team',
      body: 'Cora Push posted in Push Team',
      url: `/engagements/${team.id}/timeline`,
    });
  });

  it('a team turned off sends nothing (the in-app notification stays)', async () => {
    const state = async () => (await t.api('GET', `user/team/${team.id}/push`, undefined, mina.token)).json().data;
    expect(await state()).toEqual({ team_id: team.id, enabled: true });
    const off = await t.api('POST', `user/team/${team.id}/push`, { enabled: false }, mina.token);
    expect(off.json().data).toEqual({ team_id: team.id, enabled: false });
    expect(await state()).toEqual({ team_id: team.id, enabled: false });
    const before = to('/mina-1').length;
    await post(coach, 'Muted post here');
    expect(to('/mina-1')).toHaveLength(before);
    const count = await t.api('GET', 'user/notifications/recent-notifications-count', undefined, mina.token);
    expect(count.json().data.notifications_count).toBeGreaterThan(0);
    await t.api('POST', `user/team/${team.id}/push`, { enabled: true }, mina.token);
    expect(await state()).toEqual({ team_id: team.id, enabled: true });
    const stranger = (await buildUser(t)).token;
    expect((await t.api('POST', `user/team/${team.id}/push`, { enabled: true }, stranger)).statusCode).toBe(404);
    expect((await t.api('GET', `user/team/${team.id}/push`, undefined, stranger)).statusCode).toBe(404);
  });

  it('outside hours: held, then one summary when hours begin, sent once even by two runs at once', async () => {
    await t.db.kysely
      .insertInto('profiles')
      .values({
        user_id: mina.id,
        timezone: 'America/New_York',
        working_hours_start: '09:00',
        working_hours_end: '17:00',
        personal_hours_start: '18:00',
        personal_hours_end: '20:00',
        updated_at: new Date().toISOString(),
      })
      .execute();
    now = new Date('2026-11-24T03:00:00Z'); // 22:00 in New York
    const before = to('/mina-1').length;
    await post(coach, 'First late post');
    await post(coach, 'Second late post');
    expect(to('/mina-1')).toHaveLength(before);
    const held = await t.db.kysely.selectFrom('held_pushes').selectAll().where('user_id', '=', mina.id).execute();
    expect(held.map((h) => h.sent_at)).toEqual([null, null]);

    // Two processes' jobs on one database.
    const [a, b] = [process_(), process_()];
    now = new Date('2026-11-24T13:30:00Z'); // 08:30 in New York: not yet
    expect(await a.flushHeld()).toBe(0);
    now = new Date('2026-11-24T14:00:00Z'); // 09:00: hours begin
    const sent = await Promise.all([a.flushHeld(), b.flushHeld()]);
    expect(sent[0] + sent[1]).toBe(1);
    const summaries = to('/mina-1').slice(before);
    expect(summaries).toHaveLength(1);
    expect(read(summaries[0]!, minas)).toEqual({
      title: 'Rally',
      body: 'You have 2 new notifications. Latest: Cora Push posted in Push Team',
      url: '/',
    });
    expect(await a.flushHeld()).toBe(0);
  });

  it('a subscription the push service reports gone is deleted', async () => {
    await subscribe(mina, '/gone');
    service.fail('/gone', 410);
    await post(coach, 'To a gone browser');
    expect(to('/gone')).toHaveLength(1);
    const rows = await t.db.kysely
      .selectFrom('device_tokens')
      .select('endpoint')
      .where('user_id', '=', mina.id)
      .execute();
    expect(rows.map((r) => new URL(r.endpoint).pathname)).toEqual(['/mina-1']);
  });
});

describe('a subscription lives as long as the session that registered it', () => {
  const endpoints = async (userId: number) =>
    (await t.db.kysely.selectFrom('device_tokens').select('endpoint').where('user_id', '=', userId).execute())
      .map((r) => new URL(r.endpoint).pathname)
      .sort();
  async function member() {
    const user = await buildUser(t, { first_name: 'Sami', last_name: 'Shared' });
    await seatMembers(t, team.id, [{ user, role: 4 }]);
    return user;
  }

  it('sign-out deletes it: the next team message is not pushed to that browser', async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const user = await member();
    await subscribe(user, '/shared-pc');
    await post(coach, 'Before the sign-out');
    expect(to('/shared-pc')).toHaveLength(1);
    expect((await t.api('POST', 'logout', undefined, user.token)).statusCode).toBe(200);
    expect(await endpoints(user.id)).toEqual([]);
    await post(coach, 'After the sign-out');
    expect(to('/shared-pc')).toHaveLength(1);
  });

  it("a password change ends the other sessions' subscriptions and keeps this one's", async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const user = await member();
    const laptop = await loginToken(t, user.email, user.password);
    await subscribe(user, '/phone');
    await subscribe(user, '/laptop', laptop);
    const res = await t.api(
      'POST',
      'user/profile/password',
      {
        email: user.email,
        old_password: user.password,
        password: 'new-secret-1',
        password_confirmation: 'new-secret-1',
      },
      laptop,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await endpoints(user.id)).toEqual(['/laptop']);
    await post(coach, 'After the password change');
    expect(to('/phone')).toHaveLength(0);
    expect(to('/laptop')).toHaveLength(1);
  });

  it('a session idle past its life sends nothing, and the minute job deletes its subscription', async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const user = await member();
    await subscribe(user, '/idle');
    const longAgo = new Date(Date.now() - Timing.sessionIdleMs - 60_000).toISOString();
    await t.db.kysely
      .updateTable('auth_tokens')
      .set({ last_used_at: longAgo })
      .where('user_id', '=', user.id)
      .execute();
    await post(coach, 'To an idle session');
    expect(to('/idle')).toHaveLength(0);
    expect(await process_().pruneEnded()).toBeGreaterThanOrEqual(1);
    expect(await endpoints(user.id)).toEqual([]);
  });
  it('a session signed in longer ago than SESSION_MAX_AGE_DAYS sends nothing, however recently used', async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const user = await member();
    await subscribe(user, '/old-sign-in');
    const signedInLongAgo = new Date(Date.now() - t.config.SESSION_MAX_AGE_DAYS * DAY - 60_000).toISOString();
    await t.db.kysely
      .updateTable('auth_tokens')
      .set({ created_at: signedInLongAgo })
      .where('user_id', '=', user.id)
      .execute();
    await post(coach, 'To a session past its absolute life');
    expect(to('/old-sign-in')).toHaveLength(0);
    expect(await process_().pruneEnded()).toBeGreaterThanOrEqual(1);
    expect(await endpoints(user.id)).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('working or personal hours, in the user time zone; 08:00–17:00 UTC by default', () => {
    const hours = {
      timezone: 'Europe/Berlin',
      working_hours_start: '09:00',
      working_hours_end: '12:00',
      personal_hours_start: '22:00',
      personal_hours_end: '01:00',
    };
    expect(withinHours(new Date('2026-06-01T07:30:00Z'), hours)).toBe(true); // 09:30 Berlin
    expect(withinHours(new Date('2026-06-01T11:00:00Z'), hours)).toBe(false); // 13:00
    expect(withinHours(new Date('2026-06-01T22:30:00Z'), hours)).toBe(true); // 00:30, past midnight
    expect(withinHours(new Date('2026-06-01T07:59:00Z'), undefined)).toBe(false);
    expect(withinHours(new Date('2026-06-01T08:00:00Z'), undefined)).toBe(true);
    expect(
      withinHours(new Date('2026-06-01T16:59:00Z'), {
        ...hours,
        timezone: 'Not/AZone',
        working_hours_start: null,
        working_hours_end: null,
      }),
    ).toBe(true);
  });
});
