import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PostType,
  Realtime,
  RealtimeClose,
  REALTIME_PATH,
  type ServerMessage,
  type TeamEvent,
  type TopicDto,
} from '@rally/contract';
import { buildSecondProcess, buildTestApp, capturedLog, type TestApp, testRedisUrl } from '../test/app.js';
import { buildUser, uniqueIp, type SignedUpUser } from '../test/factories.js';
import { TestSocket } from '../test/socket-client.js';
import { buildTeam, createTeam, invite, join, pendingCode, seatMembers } from '../test/teams.js';
import { parseClientMessage } from './gateway.js';

/** A channel of this file's own: parallel test files sharing one Redis never see each other's events. */
const channel = () => `rally-test:${randomBytes(6).toString('hex')}`;

const ENV = { REALTIME_SESSION_CHECK_MS: '1000' };

/** Listens on a free port (real sockets need a real server); the WebSocket address. */
async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/${REALTIME_PATH}`;
}

/** A client of the realtime gateway (test/socket-client.ts) with its own steps. */
class Client extends TestSocket<ServerMessage> {
  /** Opens and sends `auth`; resolves with the `ready` answer. */
  static async signedIn(url: string, token: string): Promise<Client> {
    const client = new Client(url);
    await client.open();
    client.send({ type: 'auth', token });
    await client.next('ready');
    return client;
  }

  /**
   * A barrier: ping and wait for the pong. The server writes to one socket in order, so whatever it
   * had sent this client before answering the ping has arrived once the pong has.
   */
  async sync(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next('pong');
  }

  /** The team events received so far. */
  events(): TeamEvent[] {
    return this.received.filter((m): m is TeamEvent => m.type.startsWith('post.'));
  }
}

const deleted = (teamId: number, postId: number): TeamEvent => ({
  type: 'post.deleted',
  team_id: teamId,
  post_id: postId,
});

let nextPostId = 1;

describe('the realtime gateway', () => {
  let t: TestApp;
  const log = capturedLog();
  let url: string;
  const clients: Client[] = [];
  const connect = async (user: SignedUpUser) => {
    const client = await Client.signedIn(url, user.token);
    clients.push(client);
    return client;
  };
  const raw = () => {
    const client = new Client(url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp({ ...ENV, REALTIME_CHANNEL: channel(), LOG_LEVEL: 'warn' }, { logStream: log.stream });
    url = await listen(t);
  });
  afterEach(() => {
    clients.splice(0).forEach((c) => c.close());
  });
  afterAll(() => t.close());

  describe('sign-in over the socket', () => {
    it('answers a plain GET with 426: the address is for WebSockets', async () => {
      const res = await t.api('GET', `/api/${REALTIME_PATH}`);
      expect(res.statusCode).toBe(426);
      expect(res.json()).toMatchObject({ message: 'Upgrade Required' });
    });

    it('answers auth with ready and the teams the user belongs to', async () => {
      const owner = await buildUser(t);
      const [a, b] = [await buildTeam(t, owner), await buildTeam(t, owner)];
      const client = raw();
      await client.open();
      client.send({ type: 'auth', token: owner.token });
      expect(await client.next('ready')).toEqual({ type: 'ready', team_ids: [a.id, b.id].sort((x, y) => x - y) });
      await client.sync(); // ping → pong once signed in
    });

    it('holds what comes while the token is checked, and answers it after ready, in order', async () => {
      const user = await buildUser(t);
      const client = raw();
      await client.open();
      client.send({ type: 'auth', token: user.token });
      client.send({ type: 'ping' });
      await client.next('pong');
      expect(client.received.map((m) => m.type)).toEqual(['ready']);
    });

    it('refuses a bad token with 4401 and delivers nothing', async () => {
      for (const token of ['x'.repeat(43), 'short', 42]) {
        const client = raw();
        await client.open();
        client.send({ type: 'auth', token });
        expect((await client.closedWith()).code).toBe(
          typeof token === 'string' ? RealtimeClose.unauthenticated : RealtimeClose.badMessage,
        );
        expect(client.received).toEqual([]);
      }
    });

    it('closes with 4401 when anything but auth comes first', async () => {
      const client = raw();
      await client.open();
      client.send({ type: 'ping' });
      expect((await client.closedWith()).code).toBe(RealtimeClose.unauthenticated);
    });

    it('closes with 4401 when no auth comes within 5 s', async () => {
      // A fake clock stands in for the 5 s (the gateway sets its timer when the socket opens).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        const client = raw();
        await client.open();
        const opened = Date.now();
        const closed = client.closedWith(Realtime.authTimeoutMs + 2000);
        await vi.advanceTimersByTimeAsync(Realtime.authTimeoutMs);
        expect((await closed).code).toBe(RealtimeClose.unauthenticated);
        expect(Date.now() - opened).toBeGreaterThanOrEqual(Realtime.authTimeoutMs - 100);
      } finally {
        vi.useRealTimers();
      }
    }, 10_000);

    it('closes on a message that is not ours (4400) or too large (1009)', async () => {
      const user = await buildUser(t);
      const garbage = raw();
      await garbage.open();
      garbage.send('not json');
      expect((await garbage.closedWith()).code).toBe(RealtimeClose.badMessage);

      const again = await connect(user);
      again.send({ type: 'auth', token: user.token });
      expect((await again.closedWith()).code).toBe(RealtimeClose.badMessage);

      const big = raw();
      await big.open();
      const logged = log.lines.length;
      big.send({ type: 'auth', token: 'a'.repeat(Realtime.maxMessageBytes) });
      expect((await big.closedWith()).code).toBe(1009);
      // The client's fault: one warning, no error and no stack (issue 20).
      const lines = log.lines.slice(logged);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }));
      expect(JSON.stringify(lines)).not.toContain('stack');
    });

    it('closes a socket over its message rate, pings included, with 1008 and a warning', async () => {
      const limitLog = capturedLog();
      const limited = await buildTestApp(
        { REALTIME_CHANNEL: channel(), REALTIME_MESSAGES_PER_MINUTE: '5', LOG_LEVEL: 'warn' },
        { logStream: limitLog.stream },
      );
      try {
        const user = await buildUser(limited);
        const client = await Client.signedIn(await listen(limited), user.token); // 1 message
        clients.push(client);
        for (let i = 0; i < 4; i++) await client.sync(); // 5 in all: within the budget
        client.send({ type: 'ping' });
        expect(await client.closedWith()).toEqual({ code: 1008, reason: 'too many messages' });
        expect(limitLog.lines).toContainEqual(
          expect.objectContaining({ level: 40, userId: user.id, limit: 5, msg: expect.stringContaining('too many') }),
        );
      } finally {
        await limited.close();
      }
    });

    it('keeps the token out of the URL: the query string is ignored, only the auth message counts', async () => {
      const user = await buildUser(t);
      const client = new Client(`${url}?token=${user.token}`);
      clients.push(client);
      await client.open();
      client.send({ type: 'ping' });
      expect((await client.closedWith()).code).toBe(RealtimeClose.unauthenticated);
    });

    it('limits upgrades per client address', async () => {
      const limited = await buildTestApp({ REALTIME_CHANNEL: channel(), LIMIT_REALTIME_CONNECTS_PER_MINUTE: '2' });
      try {
        const address = uniqueIp();
        const upgrade = () =>
          limited.app.inject({
            method: 'GET',
            url: `/api/${REALTIME_PATH}`,
            remoteAddress: address,
          });
        expect((await upgrade()).statusCode).toBe(426);
        expect((await upgrade()).statusCode).toBe(426);
        expect((await upgrade()).statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });

  describe('delivery', () => {
    it('a member receives the events of their team; a non-member never does', async () => {
      const owner = await buildUser(t);
      const [member, outsider] = [await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, owner);
      const other = await buildTeam(t, outsider);
      await seatMembers(t, team.id, [{ user: member, role: 4 }]);
      const [m, o, own] = [await connect(member), await connect(outsider), await connect(owner)];

      const event = deleted(team.id, nextPostId++);
      t.app.teamEvents.publish(event);
      expect(await m.next('post.deleted')).toEqual(event);
      expect(await own.next('post.deleted')).toEqual(event);

      const theirs = deleted(other.id, nextPostId++);
      t.app.teamEvents.publish(theirs);
      expect(await o.next('post.deleted')).toEqual(theirs);
      await Promise.all([m.sync(), o.sync(), own.sync()]);
      expect(m.events()).toEqual([]);
      expect(own.events()).toEqual([]);
      expect(o.events()).toEqual([]);
    });

    it('a post written through the API reaches the team live, and so does its deletion', async () => {
      const [owner, author, outsider] = [await buildUser(t), await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, owner);
      await buildTeam(t, outsider);
      await seatMembers(t, team.id, [{ user: author, role: 4 }]);
      const [own, o] = [await connect(owner), await connect(outsider)];

      const res = await t.api(
        'POST',
        `user/team/${team.id}/posts`,
        { content: 'Live from the timeline' },
        author.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      const post = res.json<{ data: { id: number } }>().data;
      const created = await own.next('post.created');
      expect(created).toMatchObject({ team_id: team.id, post: { id: post.id, team_id: team.id } });

      const del = await t.api('DELETE', `user/team/${team.id}/posts/${post.id}`, undefined, author.token);
      expect(del.statusCode, del.body).toBe(200);
      expect(await own.next('post.deleted')).toEqual({ type: 'post.deleted', team_id: team.id, post_id: post.id });
      await o.sync();
      expect(o.events()).toEqual([]);
    });

    it('an edited published topic reaches the team as post.updated with its new words', async () => {
      const [coach, member, outsider] = [await buildUser(t), await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, coach);
      await buildTeam(t, outsider);
      await seatMembers(t, team.id, [{ user: member, role: 4 }]);
      const [m, o] = [await connect(member), await connect(outsider)];

      const res = await t.api('POST', `user/team/${team.id}/topic`, { content: 'Original words' }, coach.token);
      expect(res.statusCode, res.body).toBe(201);
      const topic = res.json<{ data: TopicDto }>().data;
      await m.next('post.created');
      // The coach's own reaction is theirs: the event carries none.
      const react = `user/team/${team.id}/post/${topic.post_id}/buzz?buzz_type_id=7`;
      expect((await t.api('POST', react, undefined, coach.token)).statusCode).toBe(200);
      await m.next('post.engagement');

      const put = `user/team/${team.id}/topic/${topic.id}`;
      const edit = await t.api('PUT', put, { content: 'Better words here' }, coach.token);
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await m.next('post.updated')).toMatchObject({
        team_id: team.id,
        post: {
          id: topic.post_id,
          type_id: PostType.topic,
          data: { topic: 'Better words here', text: 'Better words here' },
          buzzes_count: 1,
          buzz_type_id: null,
          user_expressed: false,
        },
      });

      // A topic not yet published has no post to update.
      const ahead = await t.api(
        'POST',
        `user/team/${team.id}/topic`,
        { content: 'Tomorrow words', publish_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) },
        coach.token,
      );
      expect(ahead.statusCode, ahead.body).toBe(201);
      const aheadId = ahead.json<{ data: TopicDto }>().data.id;
      const later = await t.api(
        'PUT',
        `user/team/${team.id}/topic/${aheadId}`,
        { content: 'Other words' },
        coach.token,
      );
      expect(later.statusCode, later.body).toBe(200);
      await Promise.all([m.sync(), o.sync()]);
      expect(m.events()).toEqual([]);
      expect(o.events()).toEqual([]);
    });

    it('every socket of a member receives, each event once and in order', async () => {
      const owner = await buildUser(t);
      const team = await buildTeam(t, owner);
      const [tab1, tab2] = [await connect(owner), await connect(owner)];
      const sent = Array.from({ length: 20 }, () => deleted(team.id, nextPostId++));
      sent.forEach((e) => t.app.teamEvents.publish(e));
      for (const tab of [tab1, tab2]) {
        const got: TeamEvent[] = [];
        for (const _ of sent) got.push(await tab.next('post.deleted'));
        await tab.sync();
        expect([...got, ...tab.events()]).toEqual(sent);
      }
    });

    it('a member who joins while connected receives from then on', async () => {
      const [owner, joiner] = [await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, owner);
      const j = await connect(joiner);
      await seatMembers(t, team.id, [{ user: joiner, role: 4 }]);
      const event = deleted(team.id, nextPostId++);
      t.app.teamEvents.publish(event);
      expect(await j.next('post.deleted')).toEqual(event);
    });

    it('someone joining with an invitation reaches the team as team.members_changed', async () => {
      const [owner, joiner] = [await buildUser(t), await buildUser(t)];
      const team = await createTeam(t, owner);
      const own = await connect(owner);
      expect((await invite(t, team.id, [joiner.email], owner.token)).statusCode).toBe(200);
      const res = await join(t, await pendingCode(t, team.id, joiner.email), joiner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(await own.next('team.members_changed')).toEqual({ type: 'team.members_changed', team_id: team.id });
    });

    it('someone removed from the team reaches the others as team.members_changed', async () => {
      const [owner, member, other] = [await buildUser(t), await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, owner);
      await seatMembers(t, team.id, [
        { user: member, role: 4 },
        { user: other, role: 4 },
      ]);
      const o = await connect(other);
      const res = await t.api('DELETE', `user/team/${team.id}/member/${member.id}`, undefined, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(await o.next('team.members_changed')).toEqual({ type: 'team.members_changed', team_id: team.id });
    });

    it('a member removed from the team stops receiving at once', async () => {
      const [owner, member] = [await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, owner);
      await seatMembers(t, team.id, [{ user: member, role: 4 }]);
      const [m, own] = [await connect(member), await connect(owner)];
      t.app.teamEvents.publish(deleted(team.id, nextPostId++));
      await m.next('post.deleted');
      await own.next('post.deleted');

      const res = await t.api('DELETE', `user/team/${team.id}/member/${member.id}`, undefined, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const after = deleted(team.id, nextPostId++);
      t.app.teamEvents.publish(after);
      expect(await own.next('post.deleted')).toEqual(after);
      await m.sync();
      expect(m.events()).toEqual([]);
      expect(m.closed).toBeUndefined(); // still signed in: their other teams' events still come
    });

    it('a member who leaves stops receiving at once', async () => {
      const [owner, member] = [await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, owner);
      await seatMembers(t, team.id, [{ user: member, role: 4 }]);
      const [m, own] = [await connect(member), await connect(owner)];

      const res = await t.api('DELETE', `user/team/${team.id}/member/${member.id}`, undefined, member.token);
      expect(res.statusCode, res.body).toBe(200);
      const after = deleted(team.id, nextPostId++);
      t.app.teamEvents.publish(after);
      expect(await own.next('post.deleted')).toEqual(after);
      await m.sync();
      expect(m.events()).toEqual([]);
    });

    it('members with a socket open learn at once that the owner deleted the team, and restored it', async () => {
      const [owner, member] = [await buildUser(t), await buildUser(t)];
      const team = await buildTeam(t, owner);
      await seatMembers(t, team.id, [{ user: member, role: 4 }]);
      const [m, own] = [await connect(member), await connect(owner)];

      expect((await t.api('DELETE', `user/team/${team.id}`, undefined, owner.token)).statusCode).toBe(200);
      for (const [client, user] of [
        [m, member],
        [own, owner],
      ] as const)
        expect(await client.next('team.deleted')).toEqual({
          type: 'team.deleted',
          user_id: user.id,
          deleted_team_id: team.id,
        });
      // Nothing of the team reaches them any more.
      t.app.teamEvents.publish(deleted(team.id, nextPostId++));
      await m.sync();
      expect(m.events()).toEqual([]);

      expect((await t.api('POST', `user/team/${team.id}/restore`, undefined, owner.token)).statusCode).toBe(200);
      expect(await m.next('team.restored')).toMatchObject({ user_id: member.id, deleted_team_id: team.id });
      const after = deleted(team.id, nextPostId++);
      t.app.teamEvents.publish(after);
      expect(await m.next('post.deleted')).toEqual(after);
    });

    it('a revoked token (logout) receives nothing more, and its socket is closed with 4401', async () => {
      const owner = await buildUser(t);
      const team = await buildTeam(t, owner);
      const other = await buildUser(t);
      await seatMembers(t, team.id, [{ user: other, role: 4 }]);
      const [own, o] = [await connect(owner), await connect(other)];

      const res = await t.api('POST', 'logout', undefined, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const after = deleted(team.id, nextPostId++);
      t.app.teamEvents.publish(after);
      expect(await o.next('post.deleted')).toEqual(after);
      expect((await own.closedWith()).code).toBe(RealtimeClose.unauthenticated);
      expect(own.events()).toEqual([]);
    });

    it('a socket whose session ended is closed by the periodic check, with no event needed', async () => {
      const user = await buildUser(t);
      const client = await connect(user);
      expect((await t.api('POST', 'logout', undefined, user.token)).statusCode).toBe(200);
      // REALTIME_SESSION_CHECK_MS is 1 s in this file.
      expect((await client.closedWith(3000)).code).toBe(RealtimeClose.unauthenticated);
    });
  });
});

describe('the client message parser', () => {
  it('takes auth with a string token and ping, nothing else', () => {
    expect(parseClientMessage('{"type":"auth","token":"abc"}')).toEqual({ type: 'auth', token: 'abc' });
    expect(parseClientMessage('{"type":"ping","extra":1}')).toEqual({ type: 'ping' });
    for (const text of ['', 'null', '[]', '"auth"', '{"type":"auth"}', '{"type":"auth","token":1}', '{"type":"pong"}'])
      expect(parseClientMessage(text)).toBeUndefined();
  });
});

describe.skipIf(!testRedisUrl)('two API processes sharing one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const clients: Client[] = [];
  beforeAll(async () => {
    const env = { ...ENV, REALTIME_CHANNEL: channel(), REDIS_URL: testRedisUrl! };
    first = await buildTestApp(env);
    second = await buildSecondProcess(first, env);
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await second?.close();
    await first?.close();
  });

  it('deliver each other’s events to their own clients, to members only, once', async () => {
    const [owner, member, stays, outsider] = [
      await buildUser(first),
      await buildUser(first),
      await buildUser(first),
      await buildUser(first),
    ];
    const team = await buildTeam(first, owner);
    await buildTeam(first, outsider);
    await seatMembers(first, team.id, [
      { user: member, role: 4 },
      { user: stays, role: 4 },
    ]);
    const [url1, url2] = [await listen(first), await listen(second)];
    const own = await Client.signedIn(url1, owner.token);
    const m = await Client.signedIn(url2, member.token);
    const s = await Client.signedIn(url2, stays.token);
    const o = await Client.signedIn(url2, outsider.token);
    clients.push(own, m, s, o);

    const fromFirst = deleted(team.id, nextPostId++);
    first.app.teamEvents.publish(fromFirst);
    expect(await m.next('post.deleted')).toEqual(fromFirst);
    expect(await own.next('post.deleted')).toEqual(fromFirst);
    await s.next('post.deleted');

    const fromSecond = deleted(team.id, nextPostId++);
    second.app.teamEvents.publish(fromSecond);
    expect(await own.next('post.deleted')).toEqual(fromSecond);
    expect(await m.next('post.deleted')).toEqual(fromSecond);
    await s.next('post.deleted');

    // Removed through one process: the other stops delivering at once too.
    const res = await first.api('DELETE', `user/team/${team.id}/member/${member.id}`, undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const after = deleted(team.id, nextPostId++);
    first.app.teamEvents.publish(after);
    expect(await own.next('post.deleted')).toEqual(after);
    // The second process delivered `after` (to `s`) in the same step as it would have to `m`.
    expect(await s.next('post.deleted')).toEqual(after);

    await Promise.all([m.sync(), o.sync(), own.sync(), s.sync()]);
    for (const c of [m, o, own, s]) expect(c.events()).toEqual([]);
  });
});
