import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatercoolerLimits } from '@rally/contract';
import type { RoomStore, StoredMessage, StoredPeer } from '../room-store.js';

/**
 * Two handles on one store: `store`, and `twin`, which another API process would hold (a second
 * Redis connection; the same object for the in-memory store, whose rooms live in one process).
 */
export interface RoomStoreHandles {
  store: RoomStore;
  twin: RoomStore;
  /** Removes what the tests left (the handles' `close` is called before it). */
  dispose(): Promise<void>;
}

const SECOND = 1000;

/**
 * The behaviour every `RoomStore` owes the watercooler (room-store.ts), whatever it keeps rooms
 * in: `describeRoomStore('MemoryRoomStore', async () => ({ store, twin: store, dispose }))`.
 */
export function describeRoomStore(name: string, open: () => Promise<RoomStoreHandles>): void {
  describe(`${name} (the RoomStore contract)`, () => {
    let handles: RoomStoreHandles;
    let store: RoomStore;
    let twin: RoomStore;
    // Teams of their own per test: the handles are shared by the whole file.
    let nextTeam = 1_000 + Math.floor(Math.random() * 1_000_000);
    const team = () => nextTeam++;

    beforeAll(async () => {
      handles = await open();
      ({ store, twin } = handles);
    });
    afterAll(async () => {
      await store?.close();
      if (twin !== store) await twin?.close();
      await handles?.dispose();
    });

    it('opens one room per team, answered by currentRoom until it ends', async () => {
      const [teamId, other] = [team(), team()];
      const now = new Date();
      expect(await store.currentRoom(teamId)).toBeUndefined();
      const room = await store.openRoom(teamId, now);
      expect(room).toEqual({ teamId, roomId: room.roomId, startedAt: now.toISOString() });
      expect(room.roomId.length).toBeGreaterThanOrEqual(24);
      expect(await twin.currentRoom(teamId)).toEqual(room);
      // Opening again (from any process) gives the same room.
      expect(await twin.openRoom(teamId, new Date(now.getTime() + SECOND))).toEqual(room);
      expect(await store.currentRoom(other)).toBeUndefined();
      const otherRoom = await store.openRoom(other, now);
      expect(otherRoom.roomId).not.toBe(room.roomId);

      expect(await store.end(teamId, room.roomId, now)).toBeDefined();
      expect(await store.currentRoom(teamId)).toBeUndefined();
      const next = await store.openRoom(teamId, now);
      expect(next.roomId).not.toBe(room.roomId);
      expect(await store.currentRoom(other)).toEqual(otherRoom);
    });

    it('joins only the team’s open room, and lists the peers whose lease runs', async () => {
      const teamId = team();
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      const ann = peer('a1', 11);
      expect(await store.join(teamId, room.roomId, ann, later(now, 30))).toEqual(room);
      expect(await twin.join(teamId, room.roomId, peer('b1', 12), later(now, 30))).toEqual(room);
      expect(sortPeers(await twin.peers(teamId, room.roomId, now))).toEqual([ann, peer('b1', 12)]);

      expect(await store.join(teamId, 'WC-not-the-room', peer('c1', 13), later(now, 30))).toBeUndefined();
      expect(await store.join(team(), room.roomId, peer('c1', 13), later(now, 30))).toBeUndefined();
      expect(await store.peers(teamId, room.roomId, now)).toHaveLength(2);

      await store.end(teamId, room.roomId, now, true);
      expect(await store.join(teamId, room.roomId, peer('d1', 14), later(now, 30))).toBeUndefined();
      expect(await store.peers(teamId, room.roomId, now)).toEqual([]);
    });

    it('counts a peer whose lease ran out as gone, until renewed', async () => {
      const teamId = team();
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      await store.join(teamId, room.roomId, peer('short', 21), later(now, 10));
      await store.join(teamId, room.roomId, peer('long', 22), later(now, 60));

      expect(ids(await store.peers(teamId, room.roomId, later(now, 20)))).toEqual(['long']);
      expect(await staleIds(store, later(now, 20))).not.toContain(room.roomId);
      // Every lease ran out: the sweeper's to end.
      expect(await staleIds(twin, later(now, 70))).toContain(room.roomId);

      await twin.renew(teamId, room.roomId, ['short', 'nobody'], later(now, 120));
      expect(ids(await store.peers(teamId, room.roomId, later(now, 70)))).toEqual(['short']);
      expect(await staleIds(store, later(now, 70))).not.toContain(room.roomId);
      // Renewing does not put in one who was never there.
      expect(ids(await store.peers(teamId, room.roomId, now)).sort()).toEqual(['long', 'short']);

      // A live lease keeps the room from ending, unless forced.
      expect(await store.end(teamId, room.roomId, later(now, 70))).toBeUndefined();
      expect(await store.end(teamId, room.roomId, later(now, 130))).toBeDefined();
    });

    it('lists a room idle since the given instant as stale, and an ended one never', async () => {
      const teamId = team();
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      await store.join(teamId, room.roomId, peer('p', 31), later(now, 3600));
      expect(await staleIds(store, now, new Date(now.getTime() - 60 * SECOND))).not.toContain(room.roomId);
      const stale = await store.stale(now, later(now, 60));
      expect(stale).toContainEqual({ teamId, roomId: room.roomId });

      await store.end(teamId, room.roomId, now, true);
      expect(await staleIds(store, later(now, 7200), later(now, 7200))).not.toContain(room.roomId);
    });

    it('leaves: the peer as it was, and whether the room is empty', async () => {
      const teamId = team();
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      const [a, b] = [peer('a', 41), peer('b', 42)];
      await store.join(teamId, room.roomId, a, later(now, 30));
      await store.join(teamId, room.roomId, b, later(now, 30));

      expect(await store.leave(teamId, room.roomId, 'a', now)).toEqual({ peer: a, empty: false });
      expect(await store.leave(teamId, room.roomId, 'a', now)).toEqual({ empty: false });
      expect(ids(await store.peers(teamId, room.roomId, now))).toEqual(['b']);
      expect(await twin.leave(teamId, room.roomId, 'b', now)).toEqual({ peer: b, empty: true });
      expect(await store.peers(teamId, room.roomId, now)).toEqual([]);

      // One left whose lease ran out does not count.
      await store.join(teamId, room.roomId, peer('c', 43), later(now, 30));
      await store.join(teamId, room.roomId, peer('d', 44), later(now, 5));
      expect(await store.leave(teamId, room.roomId, 'c', later(now, 10))).toMatchObject({ empty: true });
    });

    it('of two peers leaving at once from two processes, exactly one sees the room empty', async () => {
      for (let round = 0; round < 10; round++) {
        const teamId = team();
        const now = new Date();
        const room = await store.openRoom(teamId, now);
        await store.join(teamId, room.roomId, peer('x', 51), later(now, 30));
        await twin.join(teamId, room.roomId, peer('y', 52), later(now, 30));
        const results = await Promise.all([
          store.leave(teamId, room.roomId, 'x', now),
          twin.leave(teamId, room.roomId, 'y', now),
        ]);
        expect(results.filter((r) => r.empty)).toHaveLength(1);
      }
    });

    it('ends a room once when two processes end it at the same time', async () => {
      for (let round = 0; round < 10; round++) {
        const teamId = team();
        const now = new Date();
        const room = await store.openRoom(teamId, now);
        await store.join(teamId, room.roomId, peer('x', 61), later(now, 30));
        await store.leave(teamId, room.roomId, 'x', now);
        const ended = await Promise.all([
          store.end(teamId, room.roomId, now),
          twin.end(teamId, room.roomId, now),
          round % 2 ? store.end(teamId, room.roomId, now, true) : twin.end(teamId, room.roomId, now, true),
        ]);
        expect(ended.filter((e) => e !== undefined)).toHaveLength(1);
        expect(await twin.currentRoom(teamId)).toBeUndefined();
      }
    });

    it('updates a peer’s call state', async () => {
      const teamId = team();
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      const a = { ...peer('a', 71), user: { id: 71, first_name: 'Zoë', full_name: 'Zoë "Z" O’Neil/x', avatar: null } };
      await store.join(teamId, room.roomId, a, later(now, 30));
      const state = { in_call: true, audio: true, video: false };
      expect(await twin.update(teamId, room.roomId, 'a', state)).toEqual({ ...a, ...state });
      expect(await store.peers(teamId, room.roomId, now)).toEqual([{ ...a, ...state }]);
      expect(await store.update(teamId, room.roomId, 'nobody', state)).toBeUndefined();
      await store.leave(teamId, room.roomId, 'a', now);
      expect(await store.update(teamId, room.roomId, 'a', state)).toBeUndefined();
    });

    it('keeps messages with rising ids and pages back through them, oldest first', async () => {
      const teamId = team();
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      const added: StoredMessage[] = [];
      for (let i = 0; i < 7; i++) {
        const m = await (i % 2 ? twin : store).addMessage(teamId, room.roomId, message(i, i === 3 ? 'k/3.png' : null));
        added.push(m!);
      }
      expect(added.map((m) => m.id)).toEqual([...added.map((m) => m.id)].sort((x, y) => x - y));
      expect(new Set(added.map((m) => m.id)).size).toBe(7);
      expect(added[3]).toEqual({ ...message(3, 'k/3.png'), id: added[3]!.id });

      const newest = await twin.messages(teamId, room.roomId, undefined, 3);
      expect(newest).toEqual({ messages: added.slice(4), hasMore: true });
      const middle = await store.messages(teamId, room.roomId, added[4]!.id, 3);
      expect(middle).toEqual({ messages: added.slice(1, 4), hasMore: true });
      const oldest = await store.messages(teamId, room.roomId, added[1]!.id, 3);
      expect(oldest).toEqual({ messages: added.slice(0, 1), hasMore: false });
      expect(await store.messages(teamId, room.roomId, added[0]!.id, 3)).toEqual({ messages: [], hasMore: false });
      expect(await store.messages(teamId, room.roomId, undefined, 7)).toEqual({ messages: added, hasMore: false });
      expect(await store.messages(teamId, room.roomId, added[6]!.id + 100, 2)).toEqual({
        messages: added.slice(5),
        hasMore: true,
      });

      await store.end(teamId, room.roomId, now, true);
      expect(await store.addMessage(teamId, room.roomId, message(8, null))).toBeUndefined();
      expect(await store.messages(teamId, room.roomId, undefined, 30)).toEqual({ messages: [], hasMore: false });
      expect(await store.addMessage(team(), 'WC-no-room', message(9, null))).toBeUndefined();
    });

    it(`keeps only the newest ${WatercoolerLimits.historyMax} messages, but every image key`, async () => {
      const teamId = team();
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      const total = WatercoolerLimits.historyMax + 5;
      const ids: number[] = [];
      for (let i = 0; i < total; i++) {
        const m = await store.addMessage(teamId, room.roomId, message(i, i < 3 ? `early/${i}.jpg` : null));
        ids.push(m!.id);
      }
      const all = await store.messages(teamId, room.roomId, undefined, total);
      expect(all.hasMore).toBe(false);
      expect(all.messages.map((m) => m.id)).toEqual(ids.slice(5));
      expect(all.messages[0]!.body).toBe('message 5');
      expect(await store.messages(teamId, room.roomId, ids[6], 30)).toEqual({
        messages: [all.messages[0]],
        hasMore: false,
      });

      const ended = await store.end(teamId, room.roomId, now, true);
      expect(ended?.mediaKeys.sort()).toEqual(['early/0.jpg', 'early/1.jpg', 'early/2.jpg']);
    });

    it('ends with who came, in order of first arrival, and the image keys; then nothing of it is left', async () => {
      const teamId = team();
      const startedAt = new Date();
      const room = await store.openRoom(teamId, startedAt);
      await store.join(teamId, room.roomId, peer('p7', 7), later(startedAt, 30));
      await twin.join(teamId, room.roomId, peer('p3', 3), later(startedAt, 30));
      await store.join(teamId, room.roomId, peer('p7-tab', 7), later(startedAt, 30));
      await twin.join(teamId, room.roomId, peer('p5', 5), later(startedAt, 30));
      await store.addMessage(teamId, room.roomId, message(1, 'm/a.png'));
      await twin.addMessage(teamId, room.roomId, message(2, 'm/b.jpeg'));
      await store.addMessage(teamId, room.roomId, message(3, 'm/a.png'));
      for (const id of ['p7', 'p3', 'p7-tab', 'p5']) await store.leave(teamId, room.roomId, id, startedAt);

      const endedAt = later(startedAt, 90);
      const ended = await twin.end(teamId, room.roomId, endedAt);
      expect(ended && { ...ended, mediaKeys: [...ended.mediaKeys].sort() }).toEqual({
        ...room,
        endedAt: endedAt.toISOString(),
        userIds: [7, 3, 5],
        mediaKeys: ['m/a.png', 'm/b.jpeg'],
      });

      expect(await store.currentRoom(teamId)).toBeUndefined();
      expect(await store.peers(teamId, room.roomId, startedAt)).toEqual([]);
      expect(await store.messages(teamId, room.roomId, undefined, 30)).toEqual({ messages: [], hasMore: false });
      expect(await store.end(teamId, room.roomId, endedAt, true)).toBeUndefined();
      expect(await staleIds(store, later(endedAt, 3600), later(endedAt, 3600))).not.toContain(room.roomId);
      // A new room starts with nobody having come and no image.
      const next = await store.openRoom(teamId, endedAt);
      await store.join(teamId, next.roomId, peer('p9', 9), later(endedAt, 30));
      expect(await store.end(teamId, next.roomId, endedAt, true)).toMatchObject({ userIds: [9], mediaKeys: [] });
    });
  });
}

/** `seconds` after `at`. */
export function later(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * SECOND);
}

export function peer(peerId: string, userId: number): StoredPeer {
  return {
    peer_id: peerId,
    user: { id: userId, first_name: `First${userId}`, full_name: `First${userId} Last`, avatar: `a/${userId}.png` },
    email: `user${userId}@example.com`,
    in_call: false,
    audio: false,
    video: false,
  };
}

function message(n: number, mediaKey: string | null): Omit<StoredMessage, 'id'> {
  return {
    type: mediaKey ? 'media' : 'text',
    body: n === 3 ? 'Ünïcödé "quotes" \\ / \n and emoji 🎉' : `message ${n}`,
    attributes: { id: 100 + n, first_name: 'Sam', full_name: 'Sam Doe', avatar: null, email: 'sam@example.com' },
    timestamp: new Date(1_700_000_000_000 + n * SECOND).toISOString(),
    media_key: mediaKey,
  };
}

function ids(peers: StoredPeer[]): string[] {
  return peers.map((p) => p.peer_id);
}

function sortPeers(peers: StoredPeer[]): StoredPeer[] {
  return [...peers].sort((x, y) => x.peer_id.localeCompare(y.peer_id));
}

/** The ids of the rooms `stale` lists (of every team: other tests' rooms are in the same store). */
async function staleIds(store: RoomStore, now: Date, idleSince = new Date(0)): Promise<string[]> {
  return (await store.stale(now, idleSince)).map((r) => r.roomId);
}
