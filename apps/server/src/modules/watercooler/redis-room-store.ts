import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { WatercoolerLimits, type WatercoolerPeer } from '@rally/contract';
import type { EndedRoom, OpenRoom, RoomStore, StoredMessage, StoredPeer } from './room-store.js';

/**
 * Every key of a room lives this long after its last write: a safety net, so that a cluster that
 * crashed with a room open (nobody left to end it) leaves nothing in Redis for ever.
 */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The keys every script gets, in this order (KEYS[1] … KEYS[8] in the Lua below). */
const KEY_PARTS = ['meta', 'leases', 'peers', 'users', 'messages', 'media'] as const;

/**
 * Shared head of the scripts. KEYS: 1 the team's open room (hash: room, started), 2 the room's
 * meta (hash: team, started, active, seq, arrivals), 3 its leases (sorted set peer → lease
 * expiry ms), 4 its peers (hash peer → JSON), 5 who came (sorted set user → arrival number),
 * 6 its messages (list of JSON, oldest first), 7 its image keys (set), 8 the index of open rooms
 * (set of `teamId:roomId`). ARGV[1] is the keys' TTL, ARGV[2] the room's id.
 */
const HEAD = `
local ttl = ARGV[1]
local roomId = ARGV[2]
local function isOpen() return redis.call('HGET', KEYS[1], 'room') == roomId end
local function keep() for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ttl) end end
`;

/** ARGV: 3 team id, 4 started at (ISO), 5 now ms. Answers the open room: [id, started]. */
const OPEN = `${HEAD}
local open = redis.call('HMGET', KEYS[1], 'room', 'started')
if open[1] then return open end
redis.call('HSET', KEYS[1], 'room', roomId, 'started', ARGV[4])
redis.call('HSET', KEYS[2], 'team', ARGV[3], 'started', ARGV[4], 'active', ARGV[5])
redis.call('SADD', KEYS[8], ARGV[3] .. ':' .. roomId)
keep()
return {roomId, ARGV[4]}
`;

/** ARGV: 3 peer id, 4 peer JSON, 5 user id, 6 lease until ms, 7 now ms. */
const JOIN = `${HEAD}
local open = redis.call('HMGET', KEYS[1], 'room', 'started')
if open[1] ~= roomId then return false end
redis.call('ZADD', KEYS[3], ARGV[6], ARGV[3])
redis.call('HSET', KEYS[4], ARGV[3], ARGV[4])
if not redis.call('ZSCORE', KEYS[5], ARGV[5]) then
  redis.call('ZADD', KEYS[5], redis.call('HINCRBY', KEYS[2], 'arrivals', 1), ARGV[5])
end
redis.call('HSET', KEYS[2], 'active', ARGV[7])
keep()
return open
`;

/** ARGV: 3 lease until ms, 4… peer ids. Only peers still in the room are renewed. */
const RENEW = `${HEAD}
if not isOpen() then return 0 end
for i = 4, #ARGV do redis.call('ZADD', KEYS[3], 'XX', ARGV[3], ARGV[i]) end
keep()
return 1
`;

/** ARGV: 3 peer id, 4 in_call, 5 audio, 6 video ('1' or '0'), 7 now ms. Answers the peer's JSON. */
const UPDATE = `${HEAD}
if not isOpen() then return false end
local json = redis.call('HGET', KEYS[4], ARGV[3])
if not json then return false end
local peer = cjson.decode(json)
peer.in_call = ARGV[4] == '1'
peer.audio = ARGV[5] == '1'
peer.video = ARGV[6] == '1'
json = cjson.encode(peer)
redis.call('HSET', KEYS[4], ARGV[3], json)
redis.call('HSET', KEYS[2], 'active', ARGV[7])
keep()
return json
`;

/** ARGV: 3 now ms. Answers the JSON of the peers whose lease runs past now. */
const PEERS = `${HEAD}
local ids = redis.call('ZRANGE', KEYS[3], '(' .. ARGV[3], '+inf', 'BYSCORE')
if #ids == 0 then return {} end
return redis.call('HMGET', KEYS[4], unpack(ids))
`;

/** ARGV: 3 peer id, 4 now ms. Answers [the peer's JSON or nil, live leases left]. */
const LEAVE = `${HEAD}
local json = redis.call('HGET', KEYS[4], ARGV[3])
redis.call('HDEL', KEYS[4], ARGV[3])
redis.call('ZREM', KEYS[3], ARGV[3])
local left = redis.call('ZCOUNT', KEYS[3], '(' .. ARGV[4], '+inf')
if isOpen() then keep() end
return {json or false, left}
`;

/**
 * ARGV: 3 the message's JSON without its id (an object with at least one field), 4 its image key
 * or '', 5 the history kept, 6 now ms. The id goes first in the stored JSON, so that MESSAGES can
 * read it without decoding. Answers the id.
 */
const ADD_MESSAGE = `${HEAD}
if not isOpen() then return false end
local id = redis.call('HINCRBY', KEYS[2], 'seq', 1)
redis.call('RPUSH', KEYS[6], '{"id":' .. id .. ',' .. string.sub(ARGV[3], 2))
redis.call('LTRIM', KEYS[6], -tonumber(ARGV[5]), -1)
if ARGV[4] ~= '' then redis.call('SADD', KEYS[7], ARGV[4]) end
redis.call('HSET', KEYS[2], 'active', ARGV[6])
keep()
return id
`;

/**
 * ARGV: 3 before (an id, or ''), 4 limit. Ids rise by one per message and the list holds the
 * newest of them in order, so the message with id n sits at n minus the first one's id. Answers
 * [the page's JSON, oldest first; 1 when older ones remain].
 */
const MESSAGES = `${HEAD}
local length = redis.call('LLEN', KEYS[6])
if length == 0 then return {{}, 0} end
local first = tonumber(string.match(redis.call('LINDEX', KEYS[6], 0), '^{"id":(%d+)'))
local stop = length
if ARGV[3] ~= '' then stop = math.max(0, math.min(length, tonumber(ARGV[3]) - first)) end
local start = math.max(0, stop - tonumber(ARGV[4]))
local page = {}
if stop > start then page = redis.call('LRANGE', KEYS[6], start, stop - 1) end
if start > 0 then return {page, 1} end
return {page, 0}
`;

/** ARGV: 3 team id, 4 now ms, 5 force ('1' or '0'). Answers [started, user ids, image keys]. */
const END = `${HEAD}
local open = redis.call('HMGET', KEYS[1], 'room', 'started')
if open[1] ~= roomId then return false end
if ARGV[5] ~= '1' and redis.call('ZCOUNT', KEYS[3], '(' .. ARGV[4], '+inf') > 0 then return false end
local users = redis.call('ZRANGE', KEYS[5], 0, -1)
local media = redis.call('SMEMBERS', KEYS[7])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7])
redis.call('SREM', KEYS[8], ARGV[3] .. ':' .. roomId)
return {open[2], users, media}
`;

type Script = (...args: Array<string | number>) => Promise<unknown>;

/**
 * A Lua script as a command of this connection (ioredis sends EVALSHA, and the script itself the
 * first time Redis does not know it). Defined once per connection: many stores may share one.
 */
function script(redis: Redis, name: string, lua: string): Script {
  const commands = redis as unknown as Record<string, Script | undefined>;
  if (typeof commands[name] !== 'function') redis.defineCommand(name, { numberOfKeys: 2 + KEY_PARTS.length, lua });
  const command = commands[name]!;
  return (...args) => command.apply(redis, args);
}

/**
 * The rooms in Redis (with REDIS_URL): members on different API processes share one room. Each
 * method is one Lua script (or one read), so it is atomic: of two processes that both see the last
 * member leave, one ends the room and the other gets undefined. Nothing is written to the database.
 *
 * Keys: `{prefix}team:{teamId}` (the open room), `{prefix}room:{roomId}:{part}` (the room's parts,
 * KEY_PARTS) and `{prefix}rooms` (the index of open rooms, for `stale`). A room's keys are deleted
 * when it ends, and expire a day after its last write whatever happens.
 */
export class RedisRoomStore implements RoomStore {
  private readonly scripts: Record<
    'open' | 'join' | 'renew' | 'update' | 'peers' | 'leave' | 'addMessage' | 'messages' | 'end',
    Script
  >;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.scripts = {
      open: script(redis, 'watercoolerOpen', OPEN),
      join: script(redis, 'watercoolerJoin', JOIN),
      renew: script(redis, 'watercoolerRenew', RENEW),
      update: script(redis, 'watercoolerUpdate', UPDATE),
      peers: script(redis, 'watercoolerPeers', PEERS),
      leave: script(redis, 'watercoolerLeave', LEAVE),
      addMessage: script(redis, 'watercoolerAddMessage', ADD_MESSAGE),
      messages: script(redis, 'watercoolerMessages', MESSAGES),
      end: script(redis, 'watercoolerEnd', END),
    };
  }

  async openRoom(teamId: number, now: Date): Promise<OpenRoom> {
    const roomId = newRoomId();
    const [id, startedAt] = (await this.scripts.open(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      teamId,
      now.toISOString(),
      now.getTime(),
    )) as [string, string];
    return { teamId, roomId: id, startedAt };
  }

  async currentRoom(teamId: number): Promise<OpenRoom | undefined> {
    const [roomId, startedAt] = await this.redis.hmget(this.teamKey(teamId), 'room', 'started');
    return roomId && startedAt ? { teamId, roomId, startedAt } : undefined;
  }

  async join(teamId: number, roomId: string, peer: StoredPeer, leaseUntil: Date): Promise<OpenRoom | undefined> {
    const open = (await this.scripts.join(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      peer.peer_id,
      JSON.stringify(peer),
      peer.user.id,
      leaseUntil.getTime(),
      Date.now(),
    )) as [string, string] | null;
    return open ? { teamId, roomId, startedAt: open[1] } : undefined;
  }

  async renew(teamId: number, roomId: string, peerIds: readonly string[], leaseUntil: Date): Promise<void> {
    if (peerIds.length === 0) return;
    await this.scripts.renew(...this.keys(teamId, roomId), ...this.args(roomId), leaseUntil.getTime(), ...peerIds);
  }

  async update(
    teamId: number,
    roomId: string,
    peerId: string,
    state: Pick<WatercoolerPeer, 'in_call' | 'audio' | 'video'>,
  ): Promise<StoredPeer | undefined> {
    const json = (await this.scripts.update(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      peerId,
      flag(state.in_call),
      flag(state.audio),
      flag(state.video),
      Date.now(),
    )) as string | null;
    return json ? parsePeer(json) : undefined;
  }

  async peers(teamId: number, roomId: string, now: Date): Promise<StoredPeer[]> {
    const found = (await this.scripts.peers(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      now.getTime(),
    )) as Array<string | null>;
    return found.flatMap((json) => (json ? [parsePeer(json)] : []));
  }

  async leave(
    teamId: number,
    roomId: string,
    peerId: string,
    now: Date,
  ): Promise<{ peer?: StoredPeer; empty: boolean }> {
    const [json, left] = (await this.scripts.leave(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      peerId,
      now.getTime(),
    )) as [string | null, number];
    return json ? { peer: parsePeer(json), empty: left === 0 } : { empty: left === 0 };
  }

  async addMessage(
    teamId: number,
    roomId: string,
    message: Omit<StoredMessage, 'id'>,
  ): Promise<StoredMessage | undefined> {
    const id = (await this.scripts.addMessage(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      JSON.stringify(message),
      message.media_key ?? '',
      WatercoolerLimits.historyMax,
      Date.now(),
    )) as number | null;
    return id === null ? undefined : { id, ...message };
  }

  async messages(
    teamId: number,
    roomId: string,
    before: number | undefined,
    limit: number,
  ): Promise<{ messages: StoredMessage[]; hasMore: boolean }> {
    const [page, more] = (await this.scripts.messages(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      before ?? '',
      Math.max(0, Math.floor(limit)),
    )) as [string[], number];
    return { messages: page.map((json) => JSON.parse(json) as StoredMessage), hasMore: more === 1 };
  }

  async end(teamId: number, roomId: string, now: Date, force = false): Promise<EndedRoom | undefined> {
    const ended = (await this.scripts.end(
      ...this.keys(teamId, roomId),
      ...this.args(roomId),
      teamId,
      now.getTime(),
      flag(force),
    )) as [string, string[], string[]] | null;
    if (!ended) return undefined;
    const [startedAt, userIds, mediaKeys] = ended;
    return { teamId, roomId, startedAt, endedAt: now.toISOString(), userIds: userIds.map(Number), mediaKeys };
  }

  async stale(now: Date, idleSince: Date): Promise<Array<{ teamId: number; roomId: string }>> {
    const entries = await this.redis.smembers(this.indexKey);
    if (entries.length === 0) return [];
    const rooms = entries.flatMap((entry) => {
      const match = /^(\d+):(.+)$/.exec(entry);
      return match ? [{ entry, teamId: Number(match[1]), roomId: match[2]! }] : [];
    });
    // One MULTI: every room's state read at the same instant.
    const tx = this.redis.multi();
    for (const { teamId, roomId } of rooms) {
      tx.hget(this.teamKey(teamId), 'room');
      tx.zcount(this.roomKey(roomId, 'leases'), `(${now.getTime()}`, '+inf');
      tx.hget(this.roomKey(roomId, 'meta'), 'active');
    }
    const replies = (await tx.exec()) ?? [];
    const value = (i: number): unknown => {
      const [err, result] = replies[i] ?? [];
      if (err) throw err;
      return result;
    };
    const stale: Array<{ teamId: number; roomId: string }> = [];
    const gone: string[] = [];
    rooms.forEach(({ entry, teamId, roomId }, i) => {
      const [open, live, active] = [value(3 * i), value(3 * i + 1), value(3 * i + 2)];
      // Ended meanwhile, or its keys expired (a crashed cluster): nothing to end, only the entry.
      if (open !== roomId) gone.push(entry);
      else if (live === 0 || Number(active) < idleSince.getTime()) stale.push({ teamId, roomId });
    });
    if (gone.length > 0) await this.redis.srem(this.indexKey, ...gone);
    return stale;
  }

  /** The connection is the app's: it closes it. */
  async close(): Promise<void> {}

  private get indexKey(): string {
    return `${this.prefix}rooms`;
  }

  private teamKey(teamId: number): string {
    return `${this.prefix}team:${teamId}`;
  }

  private roomKey(roomId: string, part: (typeof KEY_PARTS)[number]): string {
    return `${this.prefix}room:${roomId}:${part}`;
  }

  private keys(teamId: number, roomId: string): string[] {
    return [this.teamKey(teamId), ...KEY_PARTS.map((part) => this.roomKey(roomId, part)), this.indexKey];
  }

  private args(roomId: string): Array<string | number> {
    return [KEY_TTL_MS, roomId];
  }
}

/** A room's id (the access call's `channel_sid`): unguessable, so knowing one gives nothing. */
export function newRoomId(): string {
  return `WC${randomBytes(16).toString('hex')}`;
}

function flag(value: boolean): string {
  return value ? '1' : '0';
}

function parsePeer(json: string): StoredPeer {
  return JSON.parse(json) as StoredPeer;
}
