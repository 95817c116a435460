import type { ChatMessageDto, WatercoolerPeer, WatercoolerServerMessage } from '@rally/contract';

/**
 * Where a team's open watercooler room lives while it is open (docs/adr/0029-watercooler.md):
 * nothing of it is written to the database, so nothing of it can outlive it there. The embedded
 * default keeps it in this process's memory (`MemoryRoomStore`); with REDIS_URL it lives in Redis
 * (`RedisRoomStore`), so members on different API processes share one room.
 *
 * Every method is atomic on its own (in Redis: one MULTI or Lua script), so two processes that
 * see the last member leave at once end the room once.
 */
export interface RoomStore {
  /** The team's open room, opened now (with no one in it yet) when there is none. */
  openRoom(teamId: number, now: Date): Promise<OpenRoom>;
  /** The team's open room, if any. */
  currentRoom(teamId: number): Promise<OpenRoom | undefined>;
  /**
   * Puts a peer in the room `roomId` (its lease runs until `leaseUntil`); undefined when that room
   * is no longer the team's open one. Remembers the user among who came.
   */
  join(teamId: number, roomId: string, peer: StoredPeer, leaseUntil: Date): Promise<OpenRoom | undefined>;
  /** Renews the leases of these peers (each process renews its own sockets' peers). */
  renew(teamId: number, roomId: string, peerIds: readonly string[], leaseUntil: Date): Promise<void>;
  /** Updates a peer's call state; the peer as it now is, or undefined when it is gone. */
  update(
    teamId: number,
    roomId: string,
    peerId: string,
    state: Pick<WatercoolerPeer, 'in_call' | 'audio' | 'video'>,
  ): Promise<StoredPeer | undefined>;
  /** The peers in the room now whose lease has not run out at `now`. */
  peers(teamId: number, roomId: string, now: Date): Promise<StoredPeer[]>;
  /** Takes a peer out; `empty` when nobody (with a live lease) is left. */
  leave(teamId: number, roomId: string, peerId: string, now: Date): Promise<{ peer?: StoredPeer; empty: boolean }>;
  /**
   * Adds a message (its id given here, rising within the room) and remembers its image key; keeps
   * the newest `WatercoolerLimits.historyMax`. Undefined when the room has ended.
   */
  addMessage(teamId: number, roomId: string, message: Omit<StoredMessage, 'id'>): Promise<StoredMessage | undefined>;
  /** Up to `limit` messages before the id `before` (or the newest), oldest first; and whether older ones remain. */
  messages(
    teamId: number,
    roomId: string,
    before: number | undefined,
    limit: number,
  ): Promise<{ messages: StoredMessage[]; hasMore: boolean }>;
  /**
   * Ends the room if it is still the team's open one and (unless `force`) nobody with a live lease
   * is in it: removes everything of it and answers what is needed to clean up and record it. Only
   * one caller gets the answer; the others get undefined.
   */
  end(teamId: number, roomId: string, now: Date, force?: boolean): Promise<EndedRoom | undefined>;
  /** Rooms whose every lease ran out, or idle since `idleSince` (for the sweeper). */
  stale(now: Date, idleSince: Date): Promise<Array<{ teamId: number; roomId: string }>>;
  close(): Promise<void>;
}

export interface OpenRoom {
  teamId: number;
  /** The `channel_sid` the access call gives out. */
  roomId: string;
  startedAt: string;
}

/** A peer as stored: the socket's id, its user's attributes, its call state. */
export interface StoredPeer extends WatercoolerPeer {
  email: string;
}

/** A message as stored: the media key, not a URL (URLs are signed when read). */
export interface StoredMessage extends Omit<ChatMessageDto, 'media'> {
  media_key: string | null;
}

export interface EndedRoom extends OpenRoom {
  endedAt: string;
  /** Everyone who came, in order of first arrival. */
  userIds: number[];
  /** The keys of every image sent in it: deleted from storage with their upload rows. */
  mediaKeys: string[];
}

/**
 * How room messages travel between the processes that hold the room's sockets: in-process by
 * default (`LocalRoomBus`), through Redis pub/sub with REDIS_URL (`RedisRoomBus`). At-most-once, like
 * the realtime gateway's fan-out: a client that reconnects reads the history again.
 */
export interface RoomBus {
  /** To every socket of the room, in every process (but `except`, a peer id, if given). */
  toRoom(roomId: string, message: WatercoolerServerMessage, except?: string): void;
  /** To one peer's socket, wherever it is. */
  toPeer(roomId: string, peerId: string, message: WatercoolerServerMessage): void;
  /** This process's sockets register here to receive (returns the unsubscribe). */
  subscribe(
    listener: (
      target: { roomId: string; peerId?: string; except?: string },
      message: WatercoolerServerMessage,
      json: string,
    ) => void,
  ): () => void;
  /**
   * Where a bus that can lose messages (Redis pub/sub while its subscription is down) says it is
   * back: the sockets are closed then, so their clients join again and read the history.
   */
  onRestored?(listener: () => void): () => void;
  close(): Promise<void>;
}
