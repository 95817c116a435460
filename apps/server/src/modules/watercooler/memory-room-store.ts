import { randomBytes } from 'node:crypto';
import { WatercoolerLimits, type WatercoolerPeer } from '@rally/contract';
import type { EndedRoom, OpenRoom, RoomStore, StoredMessage, StoredPeer } from './room-store.js';

interface Room extends OpenRoom {
  peers: Map<string, { peer: StoredPeer; leaseUntil: number }>;
  /** Everyone who came, in order of first arrival. */
  userIds: Set<number>;
  messages: StoredMessage[];
  /** Every image sent, also those that dropped off `messages`: all are deleted at the end. */
  mediaKeys: Set<string>;
  lastId: number;
  /** The last join, leave, message or call change (ms): a room quiet longer is idle. */
  activeAt: number;
}

/** A new room's id: the `channel_sid` of the access call, unguessable. */
export const newRoomId = (): string => randomBytes(18).toString('base64url');

/**
 * The embedded default RoomStore (docs/adr/0029-watercooler.md): the open rooms in this process's
 * memory, lost with it (which is what a room's end does anyway). Every method runs without an
 * await in between, so each is atomic, as the interface asks.
 */
export class MemoryRoomStore implements RoomStore {
  private readonly rooms = new Map<number, Room>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  openRoom(teamId: number, now: Date): Promise<OpenRoom> {
    let room = this.rooms.get(teamId);
    if (!room) {
      room = {
        teamId,
        roomId: newRoomId(),
        startedAt: now.toISOString(),
        peers: new Map(),
        userIds: new Set(),
        messages: [],
        mediaKeys: new Set(),
        lastId: 0,
        activeAt: now.getTime(),
      };
      this.rooms.set(teamId, room);
    }
    return Promise.resolve(openOf(room));
  }

  currentRoom(teamId: number): Promise<OpenRoom | undefined> {
    const room = this.rooms.get(teamId);
    return Promise.resolve(room && openOf(room));
  }

  join(teamId: number, roomId: string, peer: StoredPeer, leaseUntil: Date): Promise<OpenRoom | undefined> {
    const room = this.room(teamId, roomId);
    if (!room) return Promise.resolve(undefined);
    room.peers.set(peer.peer_id, { peer: { ...peer }, leaseUntil: leaseUntil.getTime() });
    room.userIds.add(peer.user.id);
    room.activeAt = this.clock().getTime();
    return Promise.resolve(openOf(room));
  }

  renew(teamId: number, roomId: string, peerIds: readonly string[], leaseUntil: Date): Promise<void> {
    const room = this.room(teamId, roomId);
    for (const id of peerIds) {
      const held = room?.peers.get(id);
      if (held) held.leaseUntil = leaseUntil.getTime();
    }
    return Promise.resolve();
  }

  update(
    teamId: number,
    roomId: string,
    peerId: string,
    state: Pick<WatercoolerPeer, 'in_call' | 'audio' | 'video'>,
  ): Promise<StoredPeer | undefined> {
    const room = this.room(teamId, roomId);
    const held = room?.peers.get(peerId);
    if (!room || !held) return Promise.resolve(undefined);
    held.peer = { ...held.peer, in_call: state.in_call, audio: state.audio, video: state.video };
    room.activeAt = this.clock().getTime();
    return Promise.resolve({ ...held.peer });
  }

  peers(teamId: number, roomId: string, now: Date): Promise<StoredPeer[]> {
    const room = this.room(teamId, roomId);
    if (!room) return Promise.resolve([]);
    return Promise.resolve(livePeers(room, now.getTime()).map((p) => ({ ...p })));
  }

  leave(teamId: number, roomId: string, peerId: string, now: Date): Promise<{ peer?: StoredPeer; empty: boolean }> {
    const room = this.room(teamId, roomId);
    if (!room) return Promise.resolve({ empty: false });
    const held = room.peers.get(peerId);
    room.peers.delete(peerId);
    room.activeAt = this.clock().getTime();
    const empty = livePeers(room, now.getTime()).length === 0;
    return Promise.resolve(held ? { peer: held.peer, empty } : { empty });
  }

  addMessage(teamId: number, roomId: string, message: Omit<StoredMessage, 'id'>): Promise<StoredMessage | undefined> {
    const room = this.room(teamId, roomId);
    if (!room) return Promise.resolve(undefined);
    const stored: StoredMessage = { ...message, id: ++room.lastId };
    room.messages.push(stored);
    if (room.messages.length > WatercoolerLimits.historyMax)
      room.messages.splice(0, room.messages.length - WatercoolerLimits.historyMax);
    if (stored.media_key) room.mediaKeys.add(stored.media_key);
    room.activeAt = this.clock().getTime();
    return Promise.resolve(stored);
  }

  messages(
    teamId: number,
    roomId: string,
    before: number | undefined,
    limit: number,
  ): Promise<{ messages: StoredMessage[]; hasMore: boolean }> {
    const room = this.room(teamId, roomId);
    if (!room) return Promise.resolve({ messages: [], hasMore: false });
    const older = before === undefined ? room.messages : room.messages.filter((m) => m.id < before);
    const page = older.slice(Math.max(0, older.length - limit));
    return Promise.resolve({ messages: page, hasMore: older.length > page.length });
  }

  end(teamId: number, roomId: string, now: Date, force = false): Promise<EndedRoom | undefined> {
    const room = this.room(teamId, roomId);
    if (!room || (!force && livePeers(room, now.getTime()).length > 0)) return Promise.resolve(undefined);
    this.rooms.delete(teamId);
    return Promise.resolve({
      ...openOf(room),
      endedAt: now.toISOString(),
      userIds: [...room.userIds],
      mediaKeys: [...room.mediaKeys],
    });
  }

  stale(now: Date, idleSince: Date): Promise<Array<{ teamId: number; roomId: string }>> {
    const found: Array<{ teamId: number; roomId: string }> = [];
    for (const room of this.rooms.values())
      if (livePeers(room, now.getTime()).length === 0 || room.activeAt < idleSince.getTime())
        found.push({ teamId: room.teamId, roomId: room.roomId });
    return Promise.resolve(found);
  }

  close(): Promise<void> {
    this.rooms.clear();
    return Promise.resolve();
  }

  private room(teamId: number, roomId: string): Room | undefined {
    const room = this.rooms.get(teamId);
    return room?.roomId === roomId ? room : undefined;
  }
}

const openOf = (room: Room): OpenRoom => ({ teamId: room.teamId, roomId: room.roomId, startedAt: room.startedAt });

const livePeers = (room: Room, now: number): StoredPeer[] =>
  [...room.peers.values()].filter((held) => held.leaseUntil > now).map((held) => held.peer);
