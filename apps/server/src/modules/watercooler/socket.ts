import {
  WATERCOOLER_PATH,
  WatercoolerClose,
  WatercoolerLimits,
  WatercoolerMessages,
  type WatercoolerClientMessage,
  type WatercoolerServerMessage,
} from '@rally/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EventTail } from '../../events/tail.js';
import {
  Budgets,
  registerSocketEndpoint,
  type EndpointSocket,
  type Inside,
  Refusal,
} from '../../http/socket-endpoint.js';
import { parseWatercoolerMessage } from './client-messages.js';
import type { StoredPeer } from './room-store.js';
import { RENEW_MS, type WatercoolerService } from './service.js';

/** A socket this far behind (a client that stopped reading) is dropped; it enters again. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** RFC 6455 close codes: a normal end (the room ended, or the client left) and "try again". */
const NORMAL = 1000;
const SERVICE_RESTART = 1012;
/**
 * Messages of any kind one socket may send a minute (ICE candidates come in bursts), besides the
 * chat rate per member; over it the socket is closed 1008.
 */
const SOCKET_MESSAGES_PER_MINUTE = 3_000;
/** Chat messages over the rate are refused; a member this many times over it is cut off (4429). */
const GROSSLY_OVER = 3;

type RoomMessage = Exclude<WatercoolerClientMessage, { type: 'join' }>;
/** A peer put in its room by the door: the room and who else is in it. */
type Joined = Exclude<Awaited<ReturnType<WatercoolerService['join']>>, 'roomGone'>;

export interface RoomSocketOptions {
  service: WatercoolerService;
  /** Chat messages one member may send a minute (WATERCOOLER_MESSAGES_PER_MINUTE). */
  messagesPerMinute: number;
  /** Upgrades one client address may make a minute (the realtime socket's limit). */
  connectsPerMinute: number;
  log: FastifyBaseLogger;
}

/**
 * This process's room sockets (docs/adr/0029-watercooler.md): delivers what the RoomBus carries
 * to the sockets of its room (a `signal` to one peer of that room only: the target names the room,
 * so a peer id of another room reaches nobody), renews their leases, and keeps each member's chat
 * budget (across their tabs in this process).
 */
export class RoomSockets {
  private readonly rooms = new Map<string, { teamId: number; sockets: Set<RoomSocket> }>();
  /** Each member's chat budget in a room, shared by their sockets in this process. */
  private readonly budgets: Budgets<string>;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  private readonly renewer: NodeJS.Timeout;

  constructor(readonly options: RoomSocketOptions) {
    const { messagesPerMinute } = options;
    this.budgets = new Budgets(messagesPerMinute, (GROSSLY_OVER - 1) * messagesPerMinute);
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
    if (![...room.sockets].some((s) => s.peer.user.id === userId)) this.budgets.forget(`${socket.roomId}:${userId}`);
  }

  /** One chat message of a member from their budget (shared by their sockets in this process). */
  spend(roomId: string, userId: number): 'ok' | 'over' | 'flood' {
    return this.budgets.take(`${roomId}:${userId}`);
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
 * The room socket `GET /api/watercooler` (contract watercooler.ts), an endpoint of
 * http/socket-endpoint.ts: the door is `join` with the pass.
 */
export function registerWatercoolerSocket(app: FastifyInstance, sockets: RoomSockets): void {
  registerSocketEndpoint<WatercoolerClientMessage, 'join', WatercoolerServerMessage>(app, {
    path: WATERCOOLER_PATH,
    name: 'watercooler',
    connectsPerMinute: sockets.options.connectsPerMinute,
    maxMessageBytes: WatercoolerLimits.socketMessageMaxBytes,
    messagesPerMinute: SOCKET_MESSAGES_PER_MINUTE,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    parse: parseWatercoolerMessage,
    badMessage: WatercoolerClose.badMessage,
    door: {
      type: 'join',
      timeoutMs: WatercoolerLimits.joinTimeoutMs,
      code: WatercoolerClose.badToken,
      reason: 'join required',
      check: ({ token }, socket) => join(token, socket, sockets),
    },
    track: (work) => sockets.track(work),
  });
}

/** The door: the pass (4401), the membership again (4403), the room (4409); then a peer of it. */
async function join(
  token: string,
  socket: EndpointSocket<WatercoolerServerMessage>,
  sockets: RoomSockets,
): Promise<RoomSocket | Refusal> {
  const { service } = sockets.options;
  const admitted = await service.admit(token);
  if (admitted === 'badToken') return new Refusal(WatercoolerClose.badToken, 'invalid token');
  if (admitted === 'notMember') return new Refusal(WatercoolerClose.notMember, 'not a member');
  // Closed meanwhile: no peer to put in the room (the close is done already).
  if (!socket.isOpen) return new Refusal(NORMAL, 'gone');
  const joined = await service.join(admitted.claims, admitted.person);
  if (joined === 'roomGone') return new Refusal(WatercoolerClose.roomGone, 'room ended');
  return new RoomSocket(socket, sockets, joined);
}

/** One room socket past the door: one peer of one room. */
class RoomSocket implements Inside<RoomMessage> {
  /** The room ended (or this socket was dropped): closing it is no leaving. */
  private ended = false;
  readonly teamId: number;
  readonly roomId: string;
  peer: StoredPeer;

  constructor(
    private readonly socket: EndpointSocket<WatercoolerServerMessage>,
    private readonly sockets: RoomSockets,
    private readonly joined: Joined,
  ) {
    this.teamId = joined.room.teamId;
    this.roomId = joined.room.roomId;
    this.peer = joined.peer;
  }

  get userId(): number {
    return this.peer.user.id;
  }

  private get service(): WatercoolerService {
    return this.sockets.options.service;
  }

  enter(): undefined {
    const { peer, room, others } = this.joined;
    this.sockets.add(this);
    this.socket.reply({
      type: 'joined',
      you: peer.peer_id,
      channel_sid: room.roomId,
      started_at: room.startedAt,
      peers: others,
    });
    this.service.announce(this.roomId, peer);
    return undefined;
  }

  /** Closed while joining: out again at once. */
  abandon(): void {
    this.sockets.track(this.service.leave(this.teamId, this.roomId, this.peer.peer_id));
  }

  /** A message of the room (serialised once for all); `last` (the room ended) closes the socket after it. */
  send(json: string, last = false): void {
    this.socket.send(json);
    if (last) {
      this.ended = true;
      this.socket.close(NORMAL, 'ended');
    }
  }

  /** Closed for good with this code (the holder may no longer be in the room): leaving it. */
  refuse(code: number): void {
    this.socket.close(code, 'not a member');
  }

  /** Closed so that the client joins again (1012: try again), keeping its place until its lease runs out. */
  drop(): void {
    this.ended = true;
    this.socket.close(SERVICE_RESTART, 'join again');
  }

  receive(message: RoomMessage): void {
    const { teamId, roomId, peer, socket } = this;
    switch (message.type) {
      case 'ping':
        return socket.reply({ type: 'pong' });
      case 'say':
        return socket.run(() => this.say(message.nonce, message));
      case 'call':
        return socket.run(async () => {
          const { in_call, audio, video } = message;
          const answer = await this.service.call(teamId, roomId, peer.peer_id, { in_call, audio, video });
          if (typeof answer === 'string') socket.reply({ type: 'refused', message: answer });
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
        return socket.close(NORMAL, 'left');
    }
  }

  /** Out of the room: this process stops delivering to it, and (unless the room ended) the room hears it left. */
  closed(): void {
    this.sockets.remove(this);
    if (this.ended) return;
    this.sockets.track(
      this.service
        .leave(this.teamId, this.roomId, this.peer.peer_id)
        .catch((err: unknown) => this.socket.log.error({ err }, 'watercooler leave failed')),
    );
  }

  private async say(
    nonce: string,
    input: { body?: string | undefined; media_key?: string | undefined },
  ): Promise<void> {
    const rate = this.sockets.spend(this.roomId, this.peer.user.id);
    if (rate === 'flood') {
      this.socket.log.warn({ userId: this.peer.user.id }, 'watercooler member far over the message rate; closed 4429');
      return this.socket.close(WatercoolerClose.tooFast, 'too many messages');
    }
    if (rate === 'over') return this.socket.reply({ type: 'refused', nonce, message: WatercoolerMessages.tooFast });
    const answer = await this.service.say(this.teamId, this.roomId, this.peer, input);
    if (typeof answer === 'string') this.socket.reply({ type: 'refused', nonce, message: answer });
    else this.socket.reply({ type: 'said', nonce, message: answer });
  }
}
