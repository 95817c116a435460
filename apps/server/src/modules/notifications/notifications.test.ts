import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  REALTIME_PATH,
  notificationSentence,
  type NotificationDto,
  type PostDto,
  type ServerMessage,
  type TeamDto,
} from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, registerUser, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, invite, join, pendingCode, seatMembers } from '../../test/teams.js';

const t = useTestApp();
let coach: SignedUpUser;
let mina: SignedUpUser;
let pete: SignedUpUser;
let team: TeamDto;

interface Page {
  data: NotificationDto[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

const settle = () => t.app.queue.idle();

/** The unread notifications of a user (does not mark them read). */
async function unread(user: SignedUpUser, query = ''): Promise<NotificationDto[]> {
  await settle();
  const res = await t.api('GET', `user/notifications/unread?per_page=50${query}`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>().data;
}
const kinds = async (user: SignedUpUser) => (await unread(user)).map((n) => n.kind);
async function count(user: SignedUpUser): Promise<number> {
  await settle();
  const res = await t.api('GET', 'user/notifications/recent-notifications-count', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { notifications_count: number } }>().data.notifications_count;
}
/** Opens the list (page 1 marks what it lists read). */
async function open(user: SignedUpUser, query = ''): Promise<Page> {
  await settle();
  const res = await t.api('GET', `user/notifications?page=1${query}`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}
const clear = (...users: SignedUpUser[]) => Promise.all(users.map((u) => open(u, '&per_page=50')));

async function textPost(teamId: number, user: SignedUpUser, content = 'Hello everyone here'): Promise<PostDto> {
  const res = await t.api('POST', `user/team/${teamId}/posts`, { content }, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: PostDto }>().data;
}
async function react(teamId: number, postId: number, user: SignedUpUser, buzz = 7) {
  const res = await t.api(
    'POST',
    `user/team/${teamId}/post/${postId}/buzz?buzz_type_id=${buzz}`,
    undefined,
    user.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  const people = await Promise.all(
    ['Cora', 'Mina', 'Pete'].map((first_name) => buildUser(t, { first_name, last_name: 'Note' })),
  );
  [coach, mina, pete] = people as [SignedUpUser, SignedUpUser, SignedUpUser];
  team = await buildTeam(t, coach, 'Notify Team');
  await seatMembers(t, team.id, [
    { user: mina, role: 4 },
    { user: pete, role: 4 },
  ]);
});

describe('fan-out', () => {
  it('a new post reaches the other members of the team, never its author', async () => {
    await clear(coach, mina, pete);
    const post = await textPost(team.id, mina);
    for (const user of [coach, pete]) {
      const [n] = await unread(user);
      expect(n).toMatchObject({
        kind: 'post.created',
        // The structured facts the sentence is built from (contract `notificationSentence`).
        actor: { id: mina.id, name: 'Mina Note' },
        team: { id: team.id, name: 'Notify Team' },
        object: { kind: 'post', id: post.id },
        read_at: null,
        data: {
          message: 'Mina Note posted in Notify Team',
          team_name: 'Notify Team',
          url: `/engagements/${team.id}/timeline`,
          avatar: null,
        },
      });
    }
    expect(await kinds(mina)).toEqual([]);
    expect(post.id).toBeGreaterThan(0);
  });

  it('reactions and comments reach the post author once, never the actor themselves', async () => {
    const post = await textPost(team.id, mina);
    await clear(coach, mina, pete);
    await react(team.id, post.id, pete, 7);
    await react(team.id, post.id, pete, 8); // changing it: no second notification while the first is unread
    await react(team.id, post.id, mina, 7); // her own post
    const comment = await t.api(
      'POST',
      `user/team/${team.id}/post/${post.id}/expression`,
      { content: 'Nice one' },
      coach.token,
    );
    expect(comment.statusCode, comment.body).toBeLessThan(300);
    const got = await unread(mina);
    expect(got.map((n) => [n.kind, n.data.message])).toEqual([
      ['post.comment', 'Cora Note commented on your post'],
      ['post.reaction', 'Pete Note reacted to your post'],
    ]);
    expect(got.map((n) => [n.actor, n.object])).toEqual([
      [
        { id: coach.id, name: 'Cora Note' },
        { kind: 'post', id: post.id },
      ],
      [
        { id: pete.id, name: 'Pete Note' },
        { kind: 'post', id: post.id },
      ],
    ]);
    for (const n of got) expect(n.data.message).toBe(notificationSentence(n));
    expect(await kinds(pete)).toEqual([]);
    expect(await kinds(coach)).toEqual([]);
  });

  it('tagged members are told they were tagged (not also of a new post)', async () => {
    await clear(coach, mina, pete);
    const res = await t.api(
      'POST',
      `user/team/${team.id}/celebration`,
      { text: 'Pete closed the deal', color_id: 2, tag_users: [pete.id] },
      coach.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await kinds(pete)).toEqual(['post.tagged']);
    expect(await kinds(mina)).toEqual(['post.created']);
    expect(await kinds(coach)).toEqual([]);
  });

  it('a share reaches the original author', async () => {
    const second = await buildTeam(t, coach, 'Second Notify');
    const res = await t.api(
      'POST',
      `user/team/${team.id}/celebration`,
      { text: 'Big win today', color_id: 1 },
      mina.token,
    );
    const original = res.json<{ data: PostDto }>().data;
    await clear(coach, mina, pete);
    const share = await t.api(
      'POST',
      `user/team/${team.id}/posts/${original.id}/share`,
      { team_ids: [second.id] },
      coach.token,
    );
    expect(share.statusCode, share.body).toBe(201);
    const [n] = await unread(mina);
    expect(n).toMatchObject({
      kind: 'post.shared',
      actor: { id: coach.id, name: 'Cora Note' },
      team: { id: team.id, name: 'Notify Team' },
      object: { kind: 'team', id: second.id },
      data: { message: 'Cora Note shared your post', url: `/engagements/${second.id}/timeline` },
    });
  });

  it('a role change reaches the member', async () => {
    await clear(mina);
    const res = await t.api(
      'POST',
      `user/team/${team.id}/change-user-role`,
      { user_id: mina.id, role_id: 3 },
      coach.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [n] = await unread(mina);
    expect(n).toMatchObject({
      kind: 'member.role_changed',
      actor: { id: coach.id, name: 'Cora Note' },
      team: { id: team.id, name: 'Notify Team' },
      object: { kind: 'role', id: 3 },
      data: { message: 'Cora Note made you an Admin of Notify Team' },
    });
    await t.api('POST', `user/team/${team.id}/change-user-role`, { user_id: mina.id, role_id: 4 }, coach.token);
  });

  it('a row stored before the structured fields (a sentence only) is presented with them, its sentence rebuilt', async () => {
    await clear(pete);
    await t.db.kysely
      .insertInto('notifications')
      .values({
        user_id: pete.id,
        team_id: team.id,
        actor_id: coach.id,
        kind: 'post.created',
        subject: 424242,
        data: JSON.stringify({ message: 'Cora Note posted in Notify Team', team_name: 'Notify Team', url: '/' }),
        read_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const [n] = await unread(pete);
    expect(n).toMatchObject({
      actor: { id: coach.id, name: 'Cora Note' },
      team: { id: team.id, name: 'Notify Team' },
      object: { kind: 'post', id: 424242 },
      data: { message: 'Cora Note posted in Notify Team' },
    });
  });

  it('invitations: the invitee with an account, then the inviter and the leads when they join', async () => {
    const lead = await buildUser(t, { first_name: 'Lea', last_name: 'Lead' });
    const otto = await buildUser(t, { first_name: 'Otto', last_name: 'New' });
    const own = await buildTeam(t, coach, 'Invite Notify');
    await seatMembers(t, own.id, [
      { user: lead, role: 3 },
      { user: pete, role: 4 },
    ]);
    await clear(coach, pete);
    expect((await invite(t, own.id, [otto.email, 'nobody.here@example.test'], coach.token)).statusCode).toBe(200);
    const [received] = await unread(otto);
    expect(received).toMatchObject({
      kind: 'invitation.received',
      data: { message: 'Cora Note has invited you to join Invite Notify', team_name: 'Invite Notify', url: '/' },
    });
    const res = await join(t, await pendingCode(t, own.id, otto.email), otto.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await kinds(coach)).toEqual(['invitation.accepted']);
    expect(await kinds(lead)).toEqual(['member.joined']);
    expect(await kinds(pete)).toEqual([]);
  });

  it('invitations: an account that never verified the invited address is not notified', async () => {
    const unverified = await registerUser(t, { first_name: 'Una', last_name: 'Proven' });
    const own = await buildTeam(t, coach, 'Unproven Notify');
    expect((await invite(t, own.id, [unverified.email], coach.token)).statusCode).toBe(200);
    await settle();
    const rows = await t.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', unverified.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('only people still in the team: a removed member hears nothing more', async () => {
    const gone = await buildUser(t, { first_name: 'Gus', last_name: 'Gone' });
    const own = await buildTeam(t, coach, 'Leaving Notify');
    await seatMembers(t, own.id, [
      { user: gone, role: 4 },
      { user: mina, role: 4 },
    ]);
    const post = await textPost(own.id, gone);
    await clear(coach, mina, gone);
    const removed = await t.api('DELETE', `user/team/${own.id}/member/${gone.id}`, undefined, coach.token);
    expect(removed.statusCode, removed.body).toBe(200);
    await react(own.id, post.id, mina); // on the post of someone who left
    await textPost(own.id, mina);
    expect(await kinds(gone)).toEqual([]);
    expect(await kinds(coach)).toEqual(['post.created']);
  });
});

describe('the list', () => {
  it('pages newest first, filters by team, and opening page 1 marks what it lists read', async () => {
    const reader = await buildUser(t, { first_name: 'Rita', last_name: 'Reader' });
    const a = await buildTeam(t, coach, 'Paging A');
    const b = await buildTeam(t, coach, 'Paging B');
    await seatMembers(t, a.id, [{ user: reader, role: 4 }]);
    await seatMembers(t, b.id, [{ user: reader, role: 4 }]);
    for (let i = 0; i < 3; i++) await textPost(a.id, coach, `Post number ${i} in A`);
    await textPost(b.id, coach, 'A post in team B');
    expect(await count(reader)).toBe(4);

    const teamA = await t.api('GET', `user/notifications/unread?team_id=${a.id}`, undefined, reader.token);
    expect(teamA.json<Page>().data.map((n) => n.data.team_name)).toEqual(['Paging A', 'Paging A', 'Paging A']);

    const first = await open(reader, '&per_page=3');
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 3, total: 4 });
    expect(first.data.map((n) => n.data.team_name)).toEqual(['Paging B', 'Paging A', 'Paging A']);
    const ids = first.data.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(first.data.every((n) => n.read_at === null)).toBe(true); // shown as unread this once
    expect(await count(reader)).toBe(1); // the one not listed yet

    const second = await t.api('GET', 'user/notifications?page=2&per_page=3', undefined, reader.token);
    expect(second.json<Page>().data).toHaveLength(1);
    expect(await count(reader)).toBe(1); // later pages do not mark
    const again = await open(reader, '&per_page=3');
    expect(again.data.every((n) => n.read_at !== null)).toBe(true);
  });

  it("nobody reads another's notifications, and a guest none", async () => {
    expect((await t.api('GET', 'user/notifications')).statusCode).toBe(401);
    const stranger = await buildUser(t);
    expect((await open(stranger)).data).toEqual([]);
    expect(await count(stranger)).toBe(0);
  });
});

describe('live delivery', () => {
  it('a new notification reaches the recipient over the gateway at once, and nobody else', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/${REALTIME_PATH}`;
    const connect = async (user: SignedUpUser) => {
      const socket = new WebSocket(url);
      const received: ServerMessage[] = [];
      socket.on('message', (data) => received.push(JSON.parse((data as Buffer).toString('utf8')) as ServerMessage));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'auth', token: user.token }));
      await waitFor(() => received.some((m) => m.type === 'ready'));
      return { socket, received };
    };
    const author = await connect(mina);
    const actor = await connect(pete);
    const post = await textPost(team.id, mina);
    await react(team.id, post.id, pete, 9);
    await settle();
    await waitFor(() => author.received.some((m) => m.type === 'notification.created'));
    const live = author.received.find((m) => m.type === 'notification.created');
    expect(live).toMatchObject({
      type: 'notification.created',
      user_id: mina.id,
      notification: { kind: 'post.reaction', data: { message: 'Pete Note reacted to your post' } },
    });
    // Pete got the post.created of Mina's post, but nothing of his own reaction.
    await waitFor(() => actor.received.some((m) => m.type === 'notification.created'));
    const petes = actor.received.filter((m) => m.type === 'notification.created');
    expect(petes.map((m) => m.type === 'notification.created' && m.notification.kind)).toEqual(['post.created']);
    author.socket.terminate();
    actor.socket.terminate();
  });
});

async function waitFor(done: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
