import {
  WATERCOOLER_PATH,
  WatercoolerClose,
  WatercoolerLimits,
  WatercoolerMessages,
  type WatercoolerClientMessage,
  type WatercoolerServerMessage,
} from '@rally/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { EventTail } from '../../events/tail.js';
import { AppError } from '../../http/errors.js';
import { MINUTE, perIp } from '../../http/rate-limits.js';
import { byteLength, keepAlive, rawText } from '../../realtime/index.js';
import { parseWatercoolerMessage } from './client-messages.js';
import type { StoredPeer } from './room-store.js';
import { RENEW_MS, type WatercoolerService } from './service.js';

/** A socket this far behind (a client that stopped reading) is dropped; it enters again. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** RFC 6455 close codes: a normal end (the room ended, or the client left) and a flood. */
const NORMAL = 1000;
const POLICY_VIOLATION = 1008;
const INTERNAL_ERROR = 1011;
const SERVICE_RESTART = 1012;
/**
 * Messages of any kind one socket may send a minute (ICE candidates come in bursts), besides the
 * chat rate per member; over it the socket is closed 1008.
 */
const SOCKET_MESSAGES_PER_MINUTE = 3_000;
/** Chat messages over the rate are refused; a member this many times over it is cut off (4429). */
const GROSSLY_OVER = 3;

export interface RoomSocketOptions {
  service: WatercoolerService;
  /** Chat messages one member may send a minute (WATERCOOLER_MESSAGES_PER_MINUTE). */
  messagesPerMinute: number;
  /** Upgrades one client address may make a minute (the realtime socket's limit). */
  connectsPerMinute: number;
  log: FastifyBaseLogger;
}

/** A token bucket refilled at `perMinute`, holding at most that many. */
class Bucket {
  private level: number;
  private at = Date.now();

  constructor(
    private readonly perMinute: number,
    /** How far below empty it may go (refused takes count too), so a flood is seen as one. */
    private readonly floor = 0,
  ) {
    this.level = perMinute;
  }

  /** 'ok' when there was room; 'over' (and it sinks) when not; 'flood' once at the floor. */
  take(): 'ok' | 'over' | 'flood' {
    const now = Date.now();
    this.level = Math.min(this.perMinute, this.level + ((now - this.at) * this.perMinute) / MINUTE);
    this.at = now;
    this.level -= 1;
    if (this.level >= 0) return 'ok';
    return this.level <= -this.floor ? 'flood' : 'over';
  }
}

/**
 * This process's room sockets (docs/adr/0029-watercooler.md): delivers what the RoomBus carries
 * to the sockets of its room (a `signal` to one peer of that room only: the target names the room,
 * so a peer id of another room reaches nobody), renews their leases, and keeps each member's chat
 * budget (across their tabs in this process).
 */
export class RoomSockets {
  private readonly rooms = new Map<string, { teamId: number; sockets: Set<RoomSocket> }>();
  private readonly budgets = new Map<string, Bucket>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  private readonly renewer: NodeJS.Timeout;

  constructor(readonly options: RoomSocketOptions) {
    const { bus } = options.service;
    const unsubscribe = bus.subscribe((target, message, json) => this.deliver(target, message, json));
    // Messages were lost while the bus was down: the clients join again and read the history.
    const unrestored = bus.onRestored?.(() => this.dropAll());
    this.unsubscribe = () => {
      unsubscribe();
      unrestored?.();
    };
    this.renewer = setInterval(() => this.renewAll(), RENEW_MS);
    this.renewer.unref();
  }

  add(socket: RoomSocket): void {
    let room = this.rooms.get(socket.roomId);
    if (!room) this.rooms.set(socket.roomId, (room = { teamId: socket.teamId, sockets: new Set() }));
    room.sockets.add(socket);
  }

  remove(socket: RoomSocket): void {
    const room = this.rooms.get(socket.roomId);
    if (!room?.sockets.delete(socket)) return;
    if (room.sockets.size === 0) this.rooms.delete(socket.roomId);
    const userId = socket.peer.user.id;
    if (![...room.sockets].some((s) => s.peer.user.id === userId)) this.budgets.delete(`${socket.roomId}:${userId}`);
  }

  /** One chat message of a member from their budget (shared by their sockets in this process). */
  spend(roomId: string, userId: number): 'ok' | 'over' | 'flood' {
    const key = `${roomId}:${userId}`;
    let bucket = this.budgets.get(key);
    const { messagesPerMinute } = this.options;
    if (!bucket)
      this.budgets.set(key, (bucket = new Bucket(messagesPerMinute, (GROSSLY_OVER - 1) * messagesPerMinute)));
    return bucket.take();
  }

  /** Work of the sockets (joins, messages, leaving) that shutdown and tests wait for. */
  track(work: Promise<unknown>): void {
    const tracked = work.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    clearInterval(this.renewer);
    await this.idle();
    this.unsubscribe();
  }

  private deliver(
    target: { roomId: string; peerId?: string; except?: string },
    message: WatercoolerServerMessage,
    json: string,
  ): void {
    const room = this.rooms.get(target.roomId);
    if (!room) return;
    for (const socket of [...room.sockets]) {
      if (target.peerId !== undefined && socket.peer.peer_id !== target.peerId) continue;
      if (target.except !== undefined && socket.peer.peer_id === target.except) continue;
      socket.send(json, message.type === 'ended');
    }
  }

  /** Closes every socket without leaving: their leases run out unless their clients come back. */
  private dropAll(): void {
    for (const room of [...this.rooms.values()]) for (const socket of [...room.sockets]) socket.drop();
  }

  /**
   * Closes the sockets of people no longer in the team as the event log tells of it (every process
   * hears it, ADR 0026): a member who left or was removed (4403), everyone of a deleted team.
   */
  follow(tail: Pick<EventTail, 'on'>): () => void {
    return tail.on((event) => {
      if (event.type === 'member.left') this.dropMembers(event.team_id, event.user_id);
      else if (event.type === 'team.deleted') this.dropMembers(event.team_id);
    });
  }

  private dropMembers(teamId: number, userId?: number): void {
    for (const room of [...this.rooms.values()]) {
      if (room.teamId !== teamId) continue;
      for (const socket of [...room.sockets])
        if (userId === undefined || socket.peer.user.id === userId) socket.refuse(WatercoolerClose.notMember);
    }
  }

  /** Every ~10 s: this process's peers stay in their rooms for another lease. */
  private renewAll(): void {
    for (const [roomId, room] of this.rooms) {
      const peerIds = [...room.sockets].map((s) => s.peer.peer_id);
      this.track(
        this.options.service
          .renew(room.teamId, roomId, peerIds)
          .catch((err: unknown) => this.options.log.warn({ err, roomId }, 'watercooler leases not renewed')),
      );
    }
  }
}

/**
 * The room socket `GET /api/watercooler` (contract watercooler.ts): on the root instance, after the
 * realtime gateway registered the WebSocket plugin (whose heartbeat and shutdown cover it too).
 */
export function registerWatercoolerSocket(app: FastifyInstance, sockets: RoomSockets): void {
  app.route({
    method: 'GET',
    url: `/api/${WATERCOOLER_PATH}`,
    ...perIp(sockets.options.connectsPerMinute, MINUTE),
    handler: async () => {
      throw new AppError(426, 'upgrade_required', 'Upgrade Required', undefined, { upgrade: 'websocket' });
    },
    wsHandler: (socket, request) => {
      new RoomSocket(socket, sockets, request.log).start();
    },
  });
}

/** One room socket from upgrade to close: one peer of one room. */
class RoomSocket {
  private state: 'waiting' | 'joining' | 'in' | 'closed' = 'waiting';
  private joinTimer: NodeJS.Timeout | undefined;
  /** This socket's own messages one after another, in the order they came. */
  private queue: Promise<void> = Promise.resolve();
  private readonly budget = new Bucket(SOCKET_MESSAGES_PER_MINUTE);
  /** The room ended (or this socket was dropped): closing it is no leaving. */
  private ended = false;
  teamId = 0;
  roomId = '';
  peer!: StoredPeer;

  constructor(
    private readonly socket: WebSocket,
    private readonly sockets: RoomSockets,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get service(): WatercoolerService {
    return this.sockets.options.service;
  }

  start(): void {
    const { socket } = this;
    keepAlive(socket);
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.onClose());
    this.joinTimer = setTimeout(
      () => this.close(WatercoolerClose.badToken, 'join required'),
      WatercoolerLimits.joinTimeoutMs,
    );
  }

  /** A message of the room (serialised once for all); `last` (the room ended) closes the socket after it. */
  send(json: string, last = false): void {
    const { socket } = this;
    if (this.state !== 'in' || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: this.peer.user.id }, 'watercooler client too slow; dropped');
      socket.terminate();
      return;
    }
    socket.send(json);
    if (last) {
      this.ended = true;
      this.close(NORMAL, 'ended');
    }
  }

  /** Closed for good with this code (the holder may no longer be in the room): leaving it. */
  refuse(code: number): void {
    this.close(code, 'not a member');
  }

  /** Closed so that the client joins again (1012: try again), keeping its place until its lease runs out. */
  drop(): void {
    this.ended = true;
    this.close(SERVICE_RESTART, 'join again');
  }

  private reply(message: WatercoolerServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    const wasIn = this.state === 'in';
    this.state = 'closed';
    this.socket.close(code, reason);
    if (wasIn) this.depart();
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    if (this.budget.take() !== 'ok') {
      this.log.warn({ userId: this.peer?.user.id }, 'watercooler client sent too many messages; closed 1008');
      return this.close(POLICY_VIOLATION, 'too many messages');
    }
    // `ws` holds every socket route to the largest limit; this is this route's (the same now).
    if (byteLength(data) > WatercoolerLimits.socketMessageMaxBytes) return this.close(1009, 'message too big');
    const message = isBinary ? undefined : parseWatercoolerMessage(rawText(data));
    if (!message) return this.close(WatercoolerClose.badMessage, 'bad message');
    if (message.type === 'join') {
      if (this.state !== 'waiting') return this.close(WatercoolerClose.badMessage, 'already joined');
      this.state = 'joining';
      clearTimeout(this.joinTimer);
      return this.run(() => this.join(message.token));
    }
    if (this.state !== 'in') return this.close(WatercoolerClose.badToken, 'join first');
    this.handle(message);
  }

  private handle(message: Exclude<WatercoolerClientMessage, { type: 'join' }>): void {
    const { teamId, roomId, peer } = this;
    switch (message.type) {
      case 'ping':
        return this.reply({ type: 'pong' });
      case 'say':
        return this.run(() => this.say(message.nonce, message));
      case 'call':
        return this.run(async () => {
          const { in_call, audio, video } = message;
          const answer = await this.service.call(teamId, roomId, peer.peer_id, { in_call, audio, video });
          if (typeof answer === 'string') this.reply({ type: 'refused', message: answer });
          else if (answer) this.peer = { ...peer, in_call: answer.in_call, audio: answer.audio, video: answer.video };
        });
      case 'signal': {
        // Relayed as read (known fields only), to one peer of this room; never back to oneself.
        if (message.to === peer.peer_id) return;
        const { to: _to, type: _type, ...signal } = message;
        this.service.bus.toPeer(roomId, message.to, { type: 'signal', from: peer.peer_id, ...signal });
        return;
      }
      case 'leave':
        return this.close(NORMAL, 'left');
    }
  }

  private async join(token: string): Promise<void> {
    const admitted = await this.service.admit(token);
    if (this.state !== 'joining') return;
    if (admitted === 'badToken') return this.close(WatercoolerClose.badToken, 'invalid token');
    if (admitted === 'notMember') return this.close(WatercoolerClose.notMember, 'not a member');
    const joined = await this.service.join(admitted.claims, admitted.person);
    if (joined === 'roomGone') return this.close(WatercoolerClose.roomGone, 'room ended');
    this.teamId = joined.room.teamId;
    this.roomId = joined.room.roomId;
    this.peer = joined.peer;
    if (this.state !== 'joining') {
      // Closed while joining: out again at once.
      this.sockets.track(this.service.leave(this.teamId, this.roomId, this.peer.peer_id));
      return;
    }
    // Added and answered in one step: nothing of the room comes before `joined`, nothing is lost after it.
    this.sockets.add(this);
    this.state = 'in';
    this.reply({
      type: 'joined',
      you: joined.peer.peer_id,
      channel_sid: joined.room.roomId,
      started_at: joined.room.startedAt,
      peers: joined.others,
    });
    this.service.announce(this.roomId, joined.peer);
  }

  private async say(
    nonce: string,
    input: { body?: string | undefined; media_key?: string | undefined },
  ): Promise<void> {
    const rate = this.sockets.spend(this.roomId, this.peer.user.id);
    if (rate === 'flood') {
      this.log.warn({ userId: this.peer.user.id }, 'watercooler member far over the message rate; closed 4429');
      return this.close(WatercoolerClose.tooFast, 'too many messages');
    }
    if (rate === 'over') return this.reply({ type: 'refused', nonce, message: WatercoolerMessages.tooFast });
    const answer = await this.service.say(this.teamId, this.roomId, this.peer, input);
    if (typeof answer === 'string') this.reply({ type: 'refused', nonce, message: answer });
    else this.reply({ type: 'said', nonce, message: answer });
  }

  /** Runs this socket's work in order; a failure is ours: logged, and the socket closed 1011. */
  private run(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => {
      this.log.error({ err }, 'watercooler socket work failed');
      this.close(INTERNAL_ERROR, 'try again');
    });
    this.sockets.track(this.queue);
  }

  /** Out of the room: this process stops delivering to it, and (unless the room ended) the room hears it left. */
  private depart(): void {
    this.sockets.remove(this);
    if (this.ended) return;
    this.sockets.track(
      this.service
        .leave(this.teamId, this.roomId, this.peer.peer_id)
        .catch((err: unknown) => this.log.error({ err }, 'watercooler leave failed')),
    );
  }

  private onClose(): void {
    clearTimeout(this.joinTimer);
    if (this.state === 'in') {
      this.state = 'closed';
      this.depart();
    }
    this.state = 'closed';
  }
}
