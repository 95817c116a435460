import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { Realtime, RealtimeClose, REALTIME_PATH, type ClientMessage, type ServerMessage } from '@rally/contract';
import type { Session } from '../http/authenticate.js';
import { AppError } from '../http/errors.js';
import { MINUTE, perIp } from '../http/rate-limits.js';
import type { ClientHub, HubClient } from './hub.js';
import type { RealtimeRepository } from './repository.js';

export interface GatewayOptions {
  hub: ClientHub;
  repo: Pick<RealtimeRepository, 'teamIdsOf'>;
  /** The auth service's token check (the same one every HTTP call goes through). */
  authenticate: (token: string) => Promise<Session | undefined>;
  /** How often an open socket re-checks its session. */
  sessionCheckMs: number;
  /** Upgrades one client address may make a minute. */
  connectsPerMinute: number;
  /** Messages one socket may send a minute, pings included (over it: closed 1008). */
  messagesPerMinute: number;
  /** How often the server pings every socket; one without a pong by the next round is dropped. */
  heartbeatMs?: number;
  /**
   * The largest message any WebSocket route of the app takes (the watercooler's room socket: an
   * SDP offer). `ws` has one limit for all routes, so this socket checks its own 4 KiB itself.
   */
  socketMaxPayload?: number;
}

/** Our bearer tokens are base64url, 16–128 characters (as `http/authenticate.ts` reads them). */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
/** A socket this far behind (a client that stopped reading) is dropped; it catches up on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long shutdown waits for clients to answer the close before it cuts them. */
const CLOSE_GRACE_MS = 1000;
/** WebSocket close code of a client that broke the rules (RFC 6455): here, too many messages. */
const POLICY_VIOLATION = 1008;
/** WebSocket close code of a message too big to process (RFC 6455). */
const MESSAGE_TOO_BIG = 1009;

/**
 * The realtime gateway: one WebSocket at `GET /api/realtime` (docs/adr/0010-realtime-gateway.md).
 *
 * Protocol: the client's first message is `{type:'auth', token}` (the token never goes in the URL,
 * so it stays out of access logs), within 5 s; the answer is `{type:'ready', team_ids}`, then the
 * team events the hub delivers. `{type:'ping'}` gets `{type:'pong'}`. Close codes: 4401 no or bad
 * token, or the session ended since (final: the client signs out); 4400 a message that is not
 * ours; 4429 too many sockets for one user; 1008 more messages than REALTIME_MESSAGES_PER_MINUTE;
 * 1009 a message over 4 KiB; 1001 shutdown.
 *
 * Registered on the root instance before any other route: `@fastify/websocket` must see every route
 * (an upgrade request to a plain route is closed) and owns the server's `upgrade` event.
 */
export async function registerRealtimeGateway(app: FastifyInstance, options: GatewayOptions): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: Math.max(Realtime.maxMessageBytes, options.socketMaxPayload ?? 0),
      perMessageDeflate: false,
    },
    preClose: (done) => closeAllSockets(app, done),
    errorHandler: onSocketError,
  });

  const heartbeat = setInterval(() => beat(app), options.heartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(heartbeat);
    done();
  });

  app.route({
    method: 'GET',
    url: `/api/${REALTIME_PATH}`,
    ...perIp(options.connectsPerMinute, MINUTE),
    // A plain GET (no upgrade) is told what this address is for.
    handler: async () => {
      throw new AppError(426, 'upgrade_required', 'Upgrade Required', undefined, { upgrade: 'websocket' });
    },
    wsHandler: (socket, request) => {
      new Connection(socket, options, request.log).start();
    },
  });
}

/** Sockets that answered the last ping; a socket missing from here at the next round is dead. */
const alive = new WeakSet<WebSocket>();

/**
 * Puts a socket of any route under the heartbeat: the gateway pings every socket of the server,
 * and cuts one that did not answer the last ping (a socket never given here is cut at once).
 */
export function keepAlive(socket: WebSocket): void {
  alive.add(socket);
  socket.on('pong', () => alive.add(socket));
}

function beat(app: FastifyInstance): void {
  for (const socket of app.websocketServer.clients) {
    if (!alive.has(socket)) {
      socket.terminate();
      continue;
    }
    alive.delete(socket);
    socket.ping();
  }
}

/**
 * An error on an open socket. A client that breaks the protocol (a frame over `maxPayload`, bad
 * UTF-8, a bad opcode: `ws` codes WS_ERR_*) is the client's fault, not ours: a warning without a
 * stack, and `ws` has already closed the socket with the matching code (1009, 1007, 1002). Anything
 * else is logged as an error and the socket is cut.
 */
function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn({ code, reason: error.message }, 'realtime client broke the protocol; socket closed');
    return;
  }
  request.log.error({ err: error }, 'realtime socket error');
  socket.terminate();
}

function closeAllSockets(app: FastifyInstance, done: () => void): void {
  const server = app.websocketServer;
  for (const socket of server.clients) socket.close(1001, 'server shutting down');
  // Clients that do not answer the close handshake are cut, so shutdown never waits for them.
  const cut = setTimeout(() => {
    for (const socket of server.clients) socket.terminate();
  }, CLOSE_GRACE_MS);
  server.close(() => {
    clearTimeout(cut);
    done();
  });
}

/** One socket from upgrade to close. */
class Connection implements HubClient {
  private state: 'waiting' | 'authenticating' | 'ready' | 'closed' = 'waiting';
  private session: Session | undefined;
  private token = '';
  private authTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  /** What is left of the message budget (a token bucket refilled at `messagesPerMinute`). */
  private budget: number;
  private budgetAt = Date.now();

  constructor(
    private readonly socket: WebSocket,
    private readonly options: GatewayOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.budget = options.messagesPerMinute;
  }

  get userId(): number {
    return this.session!.user.id;
  }

  get tokenId(): number {
    return this.session!.tokenId;
  }

  start(): void {
    const { socket } = this;
    keepAlive(socket);
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.onClose());
    this.authTimer = setTimeout(
      () => this.close(RealtimeClose.unauthenticated, 'authentication required'),
      Realtime.authTimeoutMs,
    );
  }

  send(data: string): void {
    const { socket } = this;
    if (this.state !== 'ready' || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: this.userId }, 'realtime client too slow; dropped');
      socket.terminate();
      return;
    }
    socket.send(data);
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.socket.close(code, reason);
  }

  private reply(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Takes one message from the budget; false when the socket has sent more than its rate allows. */
  private spend(): boolean {
    const { messagesPerMinute } = this.options;
    const now = Date.now();
    this.budget = Math.min(messagesPerMinute, this.budget + ((now - this.budgetAt) * messagesPerMinute) / 60_000);
    this.budgetAt = now;
    if (this.budget < 1) return false;
    this.budget -= 1;
    return true;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    if (!this.spend()) {
      this.log.warn(
        { userId: this.session?.user.id, limit: this.options.messagesPerMinute },
        'realtime client sent too many messages; closed 1008',
      );
      return this.close(POLICY_VIOLATION, 'too many messages');
    }
    // The server's frame limit is the largest of all socket routes; this one's is 4 KiB.
    if (byteLength(data) > Realtime.maxMessageBytes) {
      // Logged as `ws` logs its own limit (onSocketError): the client's fault, a warning.
      this.log.warn(
        { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', reason: 'Max payload size exceeded' },
        'realtime client broke the protocol; socket closed',
      );
      return this.close(MESSAGE_TOO_BIG, 'message too big');
    }
    const message = isBinary ? undefined : parseClientMessage(rawText(data));
    if (!message) return this.close(RealtimeClose.badMessage, 'bad message');
    switch (message.type) {
      case 'auth':
        if (this.state !== 'waiting') return this.close(RealtimeClose.badMessage, 'already authenticated');
        void this.authenticate(message.token);
        return;
      case 'ping':
        if (this.state === 'waiting') return this.close(RealtimeClose.unauthenticated, 'authentication required');
        this.reply({ type: 'pong' });
        return;
    }
  }

  private async authenticate(token: string): Promise<void> {
    this.state = 'authenticating';
    clearTimeout(this.authTimer);
    const { authenticate, repo, hub, sessionCheckMs } = this.options;
    let teamIds: number[];
    try {
      this.session = TOKEN.test(token) ? await authenticate(token) : undefined;
      if (this.state !== 'authenticating') return; // closed meanwhile
      if (!this.session) return this.close(RealtimeClose.unauthenticated, 'invalid token');
      teamIds = await repo.teamIdsOf(this.session.user.id);
    } catch (err) {
      this.log.error({ err }, 'realtime authentication failed');
      return this.close(1011, 'try again');
    }
    if (this.state !== 'authenticating') return;
    // Added and answered in one step: no event can come before `ready`, none is lost after it.
    if (!hub.add(this)) return this.close(RealtimeClose.tooManyConnections, 'too many connections');
    this.state = 'ready';
    this.token = token;
    this.reply({ type: 'ready', team_ids: teamIds });
    this.checkTimer = setInterval(() => void this.recheck(), sessionCheckMs);
    this.checkTimer.unref();
  }

  /**
   * Delivery already skips a revoked token; this closes the socket too (4401: the client signs
   * out), and keeps the session's idle clock running while the socket is its only use.
   */
  private async recheck(): Promise<void> {
    try {
      const session = await this.options.authenticate(this.token);
      if (!session) this.close(RealtimeClose.unauthenticated, 'session ended');
    } catch (err) {
      this.log.warn({ err }, 'realtime session check failed; will try again');
    }
  }

  private onClose(): void {
    this.state = 'closed';
    clearTimeout(this.authTimer);
    clearInterval(this.checkTimer);
    if (this.session) this.options.hub.remove(this);
  }
}

/** The bytes of a received message. */
export function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, part) => n + part.length, 0);
  return Buffer.isBuffer(data) ? data.length : data.byteLength;
}

/** A received message as text. */
export function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** A client message, or undefined for anything else (not JSON, unknown type, wrong fields). */
export function parseClientMessage(text: string): ClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, token } = value as { type?: unknown; token?: unknown };
  if (type === 'ping') return { type };
  if (type === 'auth' && typeof token === 'string') return { type, token };
  return undefined;
}
