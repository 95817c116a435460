import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PostMessages,
  PostType,
  WATERCOOLER_PATH,
  WatercoolerClose,
  WatercoolerLimits,
  WatercoolerMessages,
  type ChatMessageDto,
  type PostDto,
  type WatercoolerAccessDto,
  type WatercoolerMessagesDto,
  type WatercoolerServerMessage,
} from '@rally/contract';
import { buildSecondProcess, buildTestApp, testRedisUrl, type TestApp } from '../../test/app.js';
import { TestSocket } from '../../test/socket-client.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { JPEG_1X1, MP4_CLIP, PNG_1X1 } from '../../test/samples.js';
import { buildTeam, seatMembers, uploadTeamFile } from '../../test/teams.js';
import { WatercoolerPasses } from './pass.js';
import { LEASE_MS } from './service.js';

/** A chat rate small enough to pass in a test. */
const RATE = 20;

/** Parallel test files sharing one Redis keep their rooms and messages apart. */
const ROOMS_ENV = {
  WATERCOOLER_MESSAGES_PER_MINUTE: String(RATE),
  WATERCOOLER_CHANNEL: `rally-test-wc-${randomBytes(6).toString('hex')}`,
  WATERCOOLER_KEY_PREFIX: `rally-test-wc-${randomBytes(6).toString('hex')}:`,
};

let t: TestApp;
let url: string;

/** Listens on a free port; the room socket's address. */
async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/api/${WATERCOOLER_PATH}`;
}

beforeAll(async () => {
  t = await buildTestApp(ROOMS_ENV);
  url = await listen(t);
});
afterAll(() => t?.close());

type Message = WatercoolerServerMessage;

/** A client of the room socket (test/socket-client.ts) with the room's own steps. */
class Client extends TestSocket<Message> {
  /** Its peer id, once joined. */
  you = '';

  constructor(at: string = url) {
    super(at);
  }

  /** The first received `peer.updated` of this peer. */
  async updated(peerId: string): Promise<Extract<Message, { type: 'peer.updated' }>['peer']> {
    const mine = (m: Message): m is Extract<Message, { type: 'peer.updated' }> =>
      m.type === 'peer.updated' && m.peer.peer_id === peerId;
    return (await this.take(mine, 3000, `an update of ${peerId}`)).peer;
  }

  /** A barrier: whatever the server sent this socket before the pong has arrived. */
  async sync(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next('pong');
  }

  /** Sends a `say` and answers what came back for it (`said` or `refused`). */
  async say(body: string | undefined, mediaKey?: string): Promise<Extract<Message, { type: 'said' | 'refused' }>> {
    const nonce = randomBytes(4).toString('hex');
    this.send({
      type: 'say',
      nonce,
      ...(body !== undefined ? { body } : {}),
      ...(mediaKey ? { media_key: mediaKey } : {}),
    });
    const answer = (m: Message): m is Extract<Message, { type: 'said' | 'refused' }> =>
      (m.type === 'said' || m.type === 'refused') && m.nonce === nonce;
    return this.take(answer, 3000, 'an answer to say');
  }

  leave(): void {
    this.socket.close(1000);
  }
}

const access = (teamId: number, user?: SignedUpUser) =>
  t.api('POST', `user/team/${teamId}/watercooler/access`, {}, user?.token);

async function passFor(teamId: number, user: SignedUpUser): Promise<WatercoolerAccessDto> {
  const res = await access(teamId, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WatercoolerAccessDto }>().data;
}

/** Opens a socket and sends `join` with `token`; the client, not waiting for the answer. */
async function joinWith(token: string, at: string = url): Promise<Client> {
  const client = new Client(at);
  await client.open();
  client.send({ type: 'join', token });
  return client;
}

/** Enters the team's room as `user` (a new socket each time, as a new tab). */
async function enter(
  teamId: number,
  user: SignedUpUser,
  at: string = url,
): Promise<{ client: Client; joined: Extract<Message, { type: 'joined' }> }> {
  const pass = await passFor(teamId, user);
  const client = await joinWith(pass.token, at);
  const joined = await client.next('joined');
  client.you = joined.you;
  return { client, joined };
}

/** A team of `owner` and `others` (members, role 4). */
async function teamOf(owner: SignedUpUser, ...others: SignedUpUser[]) {
  const team = await buildTeam(t, owner);
  if (others.length)
    await seatMembers(
      t,
      team.id,
      others.map((user) => ({ user, role: 4 as const })),
    );
  return team;
}

const history = (teamId: number, user: SignedUpUser, query = '') =>
  t.api('GET', `user/team/${teamId}/watercooler/messages${query}`, undefined, user.token);

/** Waits for the sockets' work (leaving, a room's end) to finish. */
async function settled(): Promise<void> {
  await t.app.watercooler.sockets.idle();
  await t.app.queue.idle();
}

describe('access', () => {
  it('answers members with a pass, the channel and no ICE servers by default; 401, 404 and 422 otherwise', async () => {
    const [owner, member, outsider] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const alone = await teamOf(owner);
    const alone422 = await access(alone.id, owner);
    expect(alone422.statusCode).toBe(422);
    expect(alone422.json<{ message: string }>().message).toBe(WatercoolerMessages.needsMembers);
    expect(await t.app.watercooler.store.currentRoom(alone.id)).toBeUndefined();

    const team = await teamOf(owner, member);
    expect((await access(team.id)).statusCode).toBe(401);
    expect((await access(team.id, outsider)).statusCode).toBe(404);
    expect((await access(999_999_999, member)).statusCode).toBe(404);
    expect((await history(team.id, outsider)).statusCode).toBe(404);

    const first = await passFor(team.id, member);
    expect(first.channel.unique_name).toBe(`team-${team.id}-watercooler`);
    expect(first.ice_servers).toEqual([]);
    const expires = Date.parse(first.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(100_000);
    expect(expires).toBeLessThanOrEqual(120_000);
    // One room per team: the owner's pass is for the same one.
    const second = await passFor(team.id, owner);
    expect(second.channel.channel_sid).toBe(first.channel.channel_sid);
    expect(second.token).not.toBe(first.token);
    // No one has come yet: no history.
    const empty = await history(team.id, member);
    expect(empty.json<WatercoolerMessagesDto>()).toEqual({ data: [], meta: { has_more: false, per_page: 30 } });
  });
});

describe('the room socket', () => {
  it('refuses a forged, expired or foreign pass (4401), and nothing but join first', async () => {
    const [owner, member] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(owner, member);
    const pass = await passFor(team.id, member);
    const [body, mac] = pass.token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ team: team.id, user: owner.id, room: pass.channel.channel_sid, exp: 9_999_999_999 }),
    ).toString('base64url');
    for (const token of [`${forged}.${mac}`, `${body}.${mac.slice(1)}x`, 'nonsense']) {
      const client = await joinWith(token);
      expect((await client.closedWith()).code).toBe(WatercoolerClose.badToken);
    }
    // Signed with the app's secret, for this room, but expired.
    const expired = new WatercoolerPasses(t.config.APP_SECRET, 120).issue(
      { team: team.id, user: member.id, room: pass.channel.channel_sid },
      new Date(Date.now() - 121_000),
    );
    expect((await (await joinWith(expired.token)).closedWith()).code).toBe(WatercoolerClose.badToken);
    const early = new Client();
    await early.open();
    early.send({ type: 'say', nonce: 'n', body: 'hi' });
    expect((await early.closedWith()).code).toBe(WatercoolerClose.badToken);
    const garbage = new Client();
    await garbage.open();
    garbage.send('not json');
    expect((await garbage.closedWith()).code).toBe(WatercoolerClose.badMessage);
    // Nobody got in.
    expect(await t.app.watercooler.store.peers(team.id, pass.channel.channel_sid, new Date())).toEqual([]);
  });

  it('closes 4401 when no join comes in time', async () => {
    // A fake clock stands in for the wait (the socket sets its timer when it opens).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const client = new Client();
      await client.open();
      const closed = client.closedWith(WatercoolerLimits.joinTimeoutMs + 2000);
      await vi.advanceTimersByTimeAsync(WatercoolerLimits.joinTimeoutMs - 100);
      expect(client.closed).toBeUndefined();
      await vi.advanceTimersByTimeAsync(200);
      expect((await closed).code).toBe(WatercoolerClose.badToken);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes 4403 for a pass of someone no longer a member, and 4409 for a room that ended', async () => {
    const [owner, member, peer] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const team = await teamOf(owner, member, peer);
    const pass = await passFor(team.id, member);
    await t.db.kysely
      .deleteFrom('team_members')
      .where('team_id', '=', team.id)
      .where('user_id', '=', member.id)
      .execute();
    expect((await (await joinWith(pass.token)).closedWith()).code).toBe(WatercoolerClose.notMember);

    const old = await passFor(team.id, peer);
    const { client } = await enter(team.id, owner);
    client.leave(); // the last one out ends the room
    await client.closedWith();
    await settled();
    expect((await (await joinWith(old.token)).closedWith()).code).toBe(WatercoolerClose.roomGone);
  });

  it('closes 4403 the socket of a member removed while in the room; the others see them leave', async () => {
    const [owner, member] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(owner, member);
    const o = await enter(team.id, owner);
    const m = await enter(team.id, member);
    const removed = await t.api('DELETE', `user/team/${team.id}/member/${member.id}`, undefined, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await m.client.closedWith()).code).toBe(WatercoolerClose.notMember);
    expect((await o.client.next('peer.left')).peer.peer_id).toBe(m.client.you);
    o.client.leave();
    await settled();
  });

  it('shows who is in, carries messages to everyone else (the sender’s other tabs too), and relays signals', async () => {
    const [ann, bob] = [await buildUser(t, { first_name: 'Ann' }), await buildUser(t, { first_name: 'Bob' })];
    const team = await teamOf(ann, bob);
    const a = await enter(team.id, ann);
    expect(a.joined.peers).toEqual([]);
    const b = await enter(team.id, bob);
    expect(b.joined.channel_sid).toBe(a.joined.channel_sid);
    expect(b.joined.peers).toEqual([
      {
        peer_id: a.client.you,
        user: expect.objectContaining({ id: ann.id, first_name: 'Ann' }),
        in_call: false,
        audio: false,
        video: false,
      },
    ]);
    expect((await a.client.next('peer.joined')).peer).toMatchObject({ peer_id: b.client.you, user: { id: bob.id } });
    const a2 = await enter(team.id, ann);
    await a.client.next('peer.joined');
    await b.client.next('peer.joined');

    const said = await a.client.say('  Hello there  ');
    expect(said.type).toBe('said');
    const sent = (said as Extract<Message, { type: 'said' }>).message;
    expect(sent).toMatchObject({
      type: 'text',
      body: 'Hello there',
      attributes: { id: ann.id, first_name: 'Ann', email: ann.email },
      media: null,
    });
    expect((await b.client.next('message')).message).toEqual(sent);
    expect((await a2.client.next('message')).message).toEqual(sent);
    await a.client.sync();
    expect(a.client.received.filter((m) => m.type === 'message')).toEqual([]);

    // Refused in words: nothing, too long.
    expect(await a.client.say('   ')).toMatchObject({ type: 'refused', message: WatercoolerMessages.messageRequired });
    expect(await a.client.say('x'.repeat(WatercoolerLimits.messageMax + 1))).toMatchObject({
      type: 'refused',
      message: WatercoolerMessages.messageTooLong,
    });

    // A signal goes to its one peer, from whom it came, with nothing but the description or candidate.
    a.client.send({
      type: 'signal',
      to: b.client.you,
      description: { type: 'offer', sdp: 'v=0' },
      extra: 'dropped',
    });
    expect(await b.client.next('signal')).toEqual({
      type: 'signal',
      from: a.client.you,
      description: { type: 'offer', sdp: 'v=0' },
    });
    b.client.send({
      type: 'signal',
      to: a.client.you,
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host', sdpMid: '0' },
    });
    expect((await a.client.next('signal')).candidate).toMatchObject({ sdpMid: '0' });
    await a2.client.sync();
    expect(a2.client.received.filter((m) => m.type === 'signal')).toEqual([]);

    // Leaving: the others hear it.
    a2.client.leave();
    expect((await b.client.next('peer.left')).peer.peer_id).toBe(a2.client.you);
    for (const c of [a.client, b.client]) c.leave();
    await settled();
  });

  it('relays a signal within its room only: a peer of another team’s room never receives it', async () => {
    const [ann, bob, cat, dan] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const one = await teamOf(ann, bob);
    const other = await teamOf(cat, dan);
    const a = await enter(one.id, ann);
    const b = await enter(one.id, bob);
    const c = await enter(other.id, cat);
    // Cat knows Ann's peer id (say it leaked): her signal reaches nobody.
    c.client.send({ type: 'signal', to: a.client.you, description: { type: 'offer', sdp: 'evil' } });
    c.client.send({ type: 'signal', to: b.client.you, candidate: null });
    await c.client.sync();
    // Bob's signal, sent after, arrives: Cat's would have come first.
    b.client.send({ type: 'signal', to: a.client.you, description: { type: 'answer', sdp: 'good' } });
    expect((await a.client.next('signal')).from).toBe(b.client.you);
    await a.client.sync();
    await b.client.sync();
    expect([...a.client.received, ...b.client.received].filter((m) => m.type === 'signal')).toEqual([]);
    for (const x of [a, b, c]) x.client.leave();
    await settled();
  });

  it('takes an image uploaded for the watercooler by its sender, once, and refuses others', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob);
    const a = await enter(team.id, ann);
    const b = await enter(team.id, bob);
    const key = await uploadTeamFile(t, ann, team.id, PNG_1X1, 'me.png', 'image/png', 'team.watercooler');
    const said = await a.client.say('look', key);
    expect(said).toMatchObject({ type: 'said', message: { type: 'media', body: 'look' } });
    const media = (said as Extract<Message, { type: 'said' }>).message.media!;
    expect(media).toMatch(/\/files\/uploads\/.+\.png\?expires=\d+&signature=/);
    expect((await b.client.next('message')).message.media).toBe(media);
    expect((await t.app.inject({ method: 'GET', url: media })).statusCode).toBe(200);

    // Used once; someone else's; another policy's; not an image at all.
    expect(await a.client.say(undefined, key)).toMatchObject({ message: PostMessages.uploadAlreadyUsed });
    const bobs = await uploadTeamFile(t, bob, team.id, JPEG_1X1, 'b.jpg', 'image/jpeg', 'team.watercooler');
    expect(await a.client.say(undefined, bobs)).toMatchObject({
      type: 'refused',
      message: PostMessages.uploadNotFound,
    });
    const celebration = await uploadTeamFile(t, ann, team.id, PNG_1X1, 'c.png', 'image/png', 'team.celebration');
    expect(await a.client.say(undefined, celebration)).toMatchObject({ message: PostMessages.uploadKeyInvalid });
    expect(await a.client.say(undefined, 'uploads/1/nothing.mp4')).toMatchObject({
      message: WatercoolerMessages.imagesOnly,
    });
    // A video is no watercooler upload at all.
    const q = new URLSearchParams({
      filename: 'v.mp4',
      mime_type: 'video/mp4',
      file_size: String(MP4_CLIP.length),
      resource_type: 'team',
      resource_id: String(team.id),
      resource_policy: 'team.watercooler',
    });
    expect((await t.api('GET', `s3-upload-presigned-request?${q.toString()}`, undefined, ann.token)).statusCode).toBe(
      415,
    );
    // Bob's own image is his to send.
    expect(await b.client.say(undefined, bobs)).toMatchObject({ type: 'said', message: { type: 'media', body: '' } });
    a.client.leave();
    b.client.leave();
    await settled();
  });

  it('pages back through the history, oldest first within a page', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob);
    const a = await enter(team.id, ann);
    const sent: ChatMessageDto[] = [];
    for (let i = 1; i <= 5; i++)
      sent.push(((await a.client.say(`m${i}`)) as Extract<Message, { type: 'said' }>).message);
    const newest = (await history(team.id, bob, '?per_page=2')).json<WatercoolerMessagesDto>();
    expect(newest).toEqual({ data: sent.slice(3), meta: { has_more: true, per_page: 2 } });
    const older = (await history(team.id, bob, `?per_page=2&before=${sent[3]!.id}`)).json<WatercoolerMessagesDto>();
    expect(older.data.map((m) => m.body)).toEqual(['m2', 'm3']);
    const oldest = (await history(team.id, bob, `?per_page=2&before=${sent[1]!.id}`)).json<WatercoolerMessagesDto>();
    expect(oldest).toEqual({ data: [sent[0]], meta: { has_more: false, per_page: 2 } });
    expect((await history(team.id, bob, '?per_page=0')).statusCode).toBe(422);
    expect((await history(team.id, bob, '?before=abc')).statusCode).toBe(422);
    a.client.leave();
    await settled();
  });

  it('refuses messages over the rate per member, across their tabs, and closes 4429 far over it', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob);
    const a = await enter(team.id, ann);
    const a2 = await enter(team.id, ann);
    const b = await enter(team.id, bob);
    for (let i = 0; i < RATE / 2; i++) expect((await a.client.say(`x${i}`)).type).toBe('said');
    for (let i = 0; i < RATE / 2; i++) expect((await a2.client.say(`y${i}`)).type).toBe('said');
    expect(await a.client.say('one more')).toMatchObject({ type: 'refused', message: WatercoolerMessages.tooFast });
    // Bob has his own budget.
    expect((await b.client.say('hi')).type).toBe('said');
    for (let i = 0; i < 3 * RATE; i++) a.client.send({ type: 'say', nonce: `f${i}`, body: 'flood' });
    expect((await a.client.closedWith()).code).toBe(WatercoolerClose.tooFast);
    a2.client.leave();
    b.client.leave();
    await settled();
  });

  it(`holds at most ${WatercoolerLimits.videoCallMax} people in the video call`, async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob);
    const tabs: Client[] = [];
    for (let i = 0; i <= WatercoolerLimits.videoCallMax; i++)
      tabs.push((await enter(team.id, i % 2 ? ann : bob)).client);
    for (const tab of tabs.slice(0, WatercoolerLimits.videoCallMax)) {
      tab.send({ type: 'call', in_call: true, audio: true, video: true });
      expect(await tab.updated(tab.you)).toMatchObject({ in_call: true });
      // Everyone in the room sees it.
      expect(await tabs.at(-1)!.updated(tab.you)).toMatchObject({ in_call: true, audio: true, video: true });
    }
    const last = tabs.at(-1)!;
    last.send({ type: 'call', in_call: true, audio: true, video: false });
    expect(await last.next('refused')).toMatchObject({
      message: WatercoolerMessages.callFull(WatercoolerLimits.videoCallMax),
    });
    // One leaves the call: now there is room.
    tabs[0]!.send({ type: 'call', in_call: false, audio: false, video: false });
    await tabs[0]!.updated(tabs[0]!.you);
    last.send({ type: 'call', in_call: true, audio: true, video: false });
    expect(await last.updated(last.you)).toMatchObject({ in_call: true, video: false });
    for (const tab of tabs) tab.leave();
    await settled();
  });
});

describe('the end of a room', () => {
  const postsOf = (teamId: number) =>
    t.db.kysely
      .selectFrom('posts')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('type_id', '=', PostType.watercooler)
      .execute();
  const uploadsOf = (teamId: number) =>
    t.db.kysely.selectFrom('uploads').select('key').where('team_id', '=', teamId).execute();

  it('leaves nothing but a watercooler post of who came once the last one leaves', async () => {
    const [ann, bob, cat] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob, cat);
    const b = await enter(team.id, bob);
    const a = await enter(team.id, ann);
    const keys = [
      await uploadTeamFile(t, ann, team.id, PNG_1X1, 'a.png', 'image/png', 'team.watercooler'),
      await uploadTeamFile(t, bob, team.id, JPEG_1X1, 'b.jpeg', 'image/jpeg', 'team.watercooler'),
    ];
    await a.client.say('first', keys[0]);
    await b.client.say(undefined, keys[1]);
    await a.client.say('bye');
    const files = keys.map((k) => path.join(t.dataDir, 'files', k));
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect((await history(team.id, cat)).json<WatercoolerMessagesDto>().data).toHaveLength(3);
    const roomId = a.joined.channel_sid;
    expect(await postsOf(team.id)).toEqual([]);

    a.client.leave();
    expect((await b.client.next('peer.left')).peer.peer_id).toBe(a.client.you);
    await settled();
    expect(await postsOf(team.id)).toEqual([]); // Bob is still in
    b.client.leave();
    await b.client.closedWith();
    await settled();

    // Nothing of the room: no messages, no files, no upload rows, nothing in the store.
    expect((await history(team.id, cat)).json<WatercoolerMessagesDto>().data).toEqual([]);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(await uploadsOf(team.id)).toEqual([]);
    const { store } = t.app.watercooler;
    expect(await store.currentRoom(team.id)).toBeUndefined();
    expect(await store.peers(team.id, roomId, new Date())).toEqual([]);
    expect(await store.messages(team.id, roomId, undefined, 50)).toEqual({ messages: [], hasMore: false });
    expect(await store.end(team.id, roomId, new Date(), true)).toBeUndefined();

    // One post, by the first who came, of who came in that order; no words or files of the room.
    const posts = await postsOf(team.id);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ user_id: bob.id, text: null, media_key: null });
    const res = await t.api('GET', `user/team/${team.id}/posts/${posts[0]!.id}`, undefined, cat.token);
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json<{ data: PostDto }>().data;
    expect(post.type_id).toBe(PostType.watercooler);
    expect(post.data.participants).toEqual([
      { id: bob.id, full_name: `${bob.first_name} ${bob.last_name}`, avatar: null },
      { id: ann.id, full_name: `${ann.first_name} ${ann.last_name}`, avatar: null },
    ]);
    expect(Date.parse(post.data.ended_at!)).toBeGreaterThanOrEqual(Date.parse(post.data.started_at!));
    expect(JSON.stringify(post)).not.toMatch(/first|bye|\.png|\.jpe?g/);
    // And the post was announced as any new post is (the event log, ADR 0024).
    const events = await t.db.kysely.selectFrom('events').select('type').where('team_id', '=', team.id).execute();
    expect(events.filter((e) => e.type === 'post.created')).toHaveLength(1);

    // The next visit opens a new room.
    const next = await passFor(team.id, cat);
    expect(next.channel.channel_sid).not.toBe(roomId);
  });

  it('the sweeper ends a room quiet for WATERCOOLER_IDLE_MINUTES, its people still connected', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob);
    const a = await enter(team.id, ann);
    const b = await enter(team.id, bob);
    await a.client.next('peer.joined');
    const said = await a.client.say('Anyone around?');
    expect(said.type).toBe('said');
    await b.client.next('message');
    const { service, store } = t.app.watercooler;
    // (Other tests' rooms may be swept too: what counts is this one.)
    await service.sweep();
    expect((await store.currentRoom(team.id))?.roomId).toBe(a.joined.channel_sid); // just spoken in
    // An hour and a minute later; their process kept renewing their leases all along.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      await service.renew(team.id, a.joined.channel_sid, [a.joined.you, b.joined.you]);
      expect(await service.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
    for (const { client } of [a, b]) {
      await client.next('ended');
      expect((await client.closedWith()).code).toBeGreaterThanOrEqual(1000);
    }
    await settled();
    expect(await store.currentRoom(team.id)).toBeUndefined();
    expect(await postsOf(team.id)).toMatchObject([{ user_id: ann.id }]);
  });

  it('is what the sweeper does to a room whose sockets vanished (their leases ran out)', async () => {
    const [ann, bob, cat] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob);
    const { store, service } = t.app.watercooler;
    // A process held Ann's socket and died: her peer stays in the store until its lease runs out.
    const room = await store.openRoom(team.id, new Date(Date.now() - 2 * LEASE_MS));
    const key = await uploadTeamFile(t, ann, team.id, PNG_1X1, 'gone.png', 'image/png', 'team.watercooler');
    const user = {
      id: ann.id,
      first_name: ann.first_name,
      full_name: `${ann.first_name} ${ann.last_name}`,
      avatar: null,
    };
    await store.join(
      team.id,
      room.roomId,
      { peer_id: 'ghost', user, email: ann.email, in_call: false, audio: false, video: false },
      new Date(Date.now() + 200),
    );
    await store.addMessage(team.id, room.roomId, {
      type: 'media',
      body: '',
      attributes: { ...user, email: ann.email },
      timestamp: new Date().toISOString(),
      media_key: key,
    });
    // A room just opened, its first member still connecting, is spared.
    const fresh = await teamOf(cat, bob);
    const waiting = await passFor(fresh.id, cat);
    expect(await service.sweep()).toBe(0); // her lease still runs
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await service.sweep()).toBe(1);
    expect(await store.currentRoom(team.id)).toBeUndefined();
    expect(await uploadsOf(team.id)).toEqual([]);
    expect(existsSync(path.join(t.dataDir, 'files', key))).toBe(false);
    expect(await postsOf(team.id)).toMatchObject([{ user_id: ann.id }]);
    expect((await store.currentRoom(fresh.id))?.roomId).toBe(waiting.channel.channel_sid);
    const c = await enter(fresh.id, cat);
    c.client.leave();
    await settled();
  });
});

describe.skipIf(!testRedisUrl)('two API processes through Redis', () => {
  let second: TestApp;
  let secondUrl: string;
  beforeAll(async () => {
    // Every process of one Rally has the same APP_SECRET: a pass of one opens the room on the other.
    second = await buildSecondProcess(t, { ...ROOMS_ENV, APP_SECRET: t.config.APP_SECRET });
    secondUrl = await listen(second);
  });
  afterAll(() => second?.close());

  it('share one room: presence, messages and signals cross, and it ends once', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const team = await teamOf(ann, bob);
    const a = await enter(team.id, ann);
    const b = await enter(team.id, bob, secondUrl);
    expect(b.joined.channel_sid).toBe(a.joined.channel_sid);
    expect(b.joined.peers.map((p) => p.peer_id)).toEqual([a.client.you]);
    expect((await a.client.next('peer.joined')).peer.peer_id).toBe(b.client.you);

    const said = await b.client.say('from the other process');
    expect((await a.client.next('message')).message).toEqual((said as Extract<Message, { type: 'said' }>).message);
    a.client.send({ type: 'signal', to: b.client.you, description: { type: 'offer', sdp: 'v=0' } });
    expect((await b.client.next('signal')).from).toBe(a.client.you);

    a.client.leave();
    expect((await b.client.next('peer.left')).peer.peer_id).toBe(a.client.you);
    b.client.leave();
    await b.client.closedWith();
    await settled();
    await second.app.watercooler.sockets.idle();
    await second.app.queue.idle();
    expect(await t.app.watercooler.store.currentRoom(team.id)).toBeUndefined();
    const posts = await t.db.kysely
      .selectFrom('posts')
      .select('user_id')
      .where('team_id', '=', team.id)
      .where('type_id', '=', PostType.watercooler)
      .execute();
    expect(posts).toEqual([{ user_id: ann.id }]);
  });
});
