import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError } from './errors.js';
import { MINUTE, perIp } from './rate-limits.js';

/**
 * The app's WebSockets (ADR 0010, 0029): the server, once, and each endpoint through one helper
 * that does what every socket needs before its protocol sees a message — the upgrade (426 to a
 * plain GET), a per-address limit of upgrades, the door (the first message says who it is, within
 * a time; nothing else is read before it is checked), the endpoint's frame size, a per-socket
 * message rate, back-pressure (a socket that stops reading is dropped), in-order work, the close.
 *
 * Budgets of an identity rather than a socket (a member across their tabs, a sender's bytes) are
 * `Budgets` the endpoint keys as it needs, each take with its cost; `run` is the one queue of a
 * socket's work.
 */

/** How long shutdown waits for clients to answer the close before it cuts them. */
const CLOSE_GRACE_MS = 1000;
/** RFC 6455 close codes: more messages than the rate, a message too big, our failure. */
const POLICY_VIOLATION = 1008;
const MESSAGE_TOO_BIG = 1009;
const INTERNAL_ERROR = 1011;
const BROKE_PROTOCOL = 'socket client broke the protocol; socket closed';

export interface SocketServerOptions {
  /**
   * The largest message of any endpoint: `ws` has one limit for all routes, so each endpoint
   * checks its own (`maxMessageBytes`) as well.
   */
  maxPayload: number;
  /** How often every socket is pinged; one without a pong by the next round is dropped. */
  heartbeatMs?: number;
}

/**
 * Registers `@fastify/websocket` with the heartbeat and the shutdown of every socket. On the root
 * instance before any other route: the plugin must see every route (an upgrade request to a plain
 * route is closed) and owns the server's `upgrade` event.
 */
export async function registerSocketServer(app: FastifyInstance, options: SocketServerOptions): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: options.maxPayload, perMessageDeflate: false },
    preClose: (done) => closeAllSockets(app, done),
    errorHandler: onSocketError,
  });
  const heartbeat = setInterval(() => beat(app), options.heartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(heartbeat);
    done();
  });
}

/** Sockets that answered the last ping; a socket missing from here at the next round is dead. */
const alive = new WeakSet<WebSocket>();

function keepAlive(socket: WebSocket): void {
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
    request.log.warn({ code, reason: error.message }, BROKE_PROTOCOL);
    return;
  }
  request.log.error({ err: error }, 'socket error');
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

/** A token bucket refilled at `perMinute`, holding at most that many. */
export class TokenBucket {
  private level: number;
  private at = Date.now();

  constructor(
    private readonly perMinute: number,
    /** How far below empty it may go (refused takes count too), so a flood is seen as one. */
    private readonly floor = 0,
  ) {
    this.level = perMinute;
  }

  /**
   * Takes `cost` (a message, or its bytes): 'ok' when there was room; 'over' (and it sinks) when
   * not; 'flood' once at the floor.
   */
  take(cost = 1): 'ok' | 'over' | 'flood' {
    const now = Date.now();
    this.level = Math.min(this.perMinute, this.level + ((now - this.at) * this.perMinute) / MINUTE);
    this.at = now;
    this.level -= cost;
    if (this.level >= 0) return 'ok';
    return this.level <= -this.floor ? 'flood' : 'over';
  }
}

/** Token buckets by identity (a member in a room, a sender), shared by all its sockets in this process. */
export class Budgets<K> {
  private readonly buckets = new Map<K, TokenBucket>();

  constructor(
    private readonly perMinute: number,
    private readonly floor = 0,
  ) {}

  take(key: K, cost = 1): 'ok' | 'over' | 'flood' {
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.perMinute, this.floor)));
    return bucket.take(cost);
  }

  forget(key: K): void {
    this.buckets.delete(key);
  }
}

/** How a socket is turned away: its close code and reason. */
export class Refusal {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {}
}

/** A socket past the door, as its endpoint keeps it: what it does from the door on. */
export interface Inside<M> {
  /** Who is on the socket, for the logs. */
  readonly userId: number;
  /**
   * Steps in once the door's check passed and the socket is still open: added where deliveries
   * find it and answered, in one synchronous step, so nothing comes before the answer and nothing
   * is lost after it. A refusal closes the socket (and nothing was added).
   */
  enter(): Refusal | undefined;
  /** The socket closed while the door's check ran, so it never entered: undo what the check did. */
  abandon?(): void;
  /** A message after the door's, in the order they came. */
  receive(message: M): void;
  /** The socket closed (either side; once), after `enter`. */
  closed(): void;
}

/** What an endpoint's sockets offer its protocol. */
export interface EndpointSocket<Out> {
  readonly log: FastifyBaseLogger;
  /** False once closed (either side). */
  readonly isOpen: boolean;
  /** A delivery (serialised once for all): only once inside; a socket too far behind is dropped. */
  send(json: string): void;
  /** An answer of the protocol. */
  reply(message: Out): void;
  close(code: number, reason: string): void;
  /** Runs the socket's work one after another, in order; a failure is ours: logged, closed 1011. */
  run(work: () => void | Promise<void>): void;
}

/** A message of a socket protocol: JSON with a `type`. */
type Typed = { type: string };

export interface SocketEndpoint<In extends Typed, D extends In['type'], Out> {
  /** The address, under `/api/`. */
  path: string;
  /** The socket's kind in the logs: 'realtime', 'watercooler'. */
  name: string;
  /** Upgrades one client address may make a minute (429 past it). */
  connectsPerMinute: number;
  /** The largest message this endpoint takes (1009 over it). */
  maxMessageBytes: number;
  /** Messages of any kind one socket may send a minute, the door's included (1008 over it). */
  messagesPerMinute: number;
  /** A socket this far behind (a client that stopped reading) is dropped; it comes back and catches up. */
  maxBufferedBytes: number;
  /** Reads a text message: undefined for anything that is not of the protocol. */
  parse(text: string): In | undefined;
  /** The close code of a message that is not of the protocol, or of a second door message. */
  badMessage: number;
  /** The first message, and the only one before it is checked, says who it is. */
  door: {
    type: D;
    /** Within this; else, and for anything else first, closed with `code`. */
    timeoutMs: number;
    code: number;
    reason: string;
    /** Who it is: the socket inside, or turned away. */
    check(
      message: Extract<In, { type: D }>,
      socket: EndpointSocket<Out>,
    ): Promise<Inside<Exclude<In, { type: D }>> | Refusal>;
  };
  /** Work of the sockets (the door's check, `run`) that shutdown and tests wait for. */
  track?(work: Promise<unknown>): void;
}

/** Registers one WebSocket endpoint (after `registerSocketServer`). */
export function registerSocketEndpoint<In extends Typed, D extends In['type'], Out>(
  app: FastifyInstance,
  endpoint: SocketEndpoint<In, D, Out>,
): void {
  app.route({
    method: 'GET',
    url: `/api/${endpoint.path}`,
    ...perIp(endpoint.connectsPerMinute, MINUTE),
    // A plain GET (no upgrade) is told what this address is for.
    handler: async () => {
      throw new AppError(426, 'upgrade_required', 'Upgrade Required', undefined, { upgrade: 'websocket' });
    },
    wsHandler: (socket, request) => {
      new Connection(socket, endpoint, request.log).start();
    },
  });
}

/** One socket of an endpoint from upgrade to close. */
class Connection<In extends Typed, D extends In['type'], Out> implements EndpointSocket<Out> {
  private state: 'waiting' | 'entering' | 'in' | 'closed' = 'waiting';
  private inside: Inside<Exclude<In, { type: D }>> | undefined;
  private doorTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly budget: TokenBucket;

  constructor(
    private readonly socket: WebSocket,
    private readonly endpoint: SocketEndpoint<In, D, Out>,
    readonly log: FastifyBaseLogger,
  ) {
    this.budget = new TokenBucket(endpoint.messagesPerMinute);
  }

  get isOpen(): boolean {
    return this.state !== 'closed';
  }

  start(): void {
    const { socket, endpoint } = this;
    keepAlive(socket);
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.leave());
    this.doorTimer = setTimeout(() => this.close(endpoint.door.code, endpoint.door.reason), endpoint.door.timeoutMs);
  }

  send(json: string): void {
    const { socket } = this;
    if (this.state !== 'in' || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.endpoint.maxBufferedBytes) {
      this.log.warn({ userId: this.inside?.userId }, `${this.endpoint.name} client too slow; dropped`);
      socket.terminate();
      return;
    }
    socket.send(json);
  }

  reply(message: Out): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.socket.close(code, reason);
    this.leave();
  }

  run(work: () => void | Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => {
      this.log.error({ err }, `${this.endpoint.name} socket work failed`);
      this.close(INTERNAL_ERROR, 'try again');
    });
    this.endpoint.track?.(this.queue);
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    const { name, messagesPerMinute, maxMessageBytes, badMessage, door } = this.endpoint;
    if (this.budget.take() !== 'ok') {
      this.log.warn(
        { userId: this.inside?.userId, limit: messagesPerMinute },
        `${name} client sent too many messages; closed 1008`,
      );
      return this.close(POLICY_VIOLATION, 'too many messages');
    }
    // The server's frame limit is the largest of all endpoints; this is this endpoint's own.
    if (byteLength(data) > maxMessageBytes) {
      // Logged as `ws` logs its own limit (onSocketError): the client's fault, a warning.
      this.log.warn({ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', reason: 'Max payload size exceeded' }, BROKE_PROTOCOL);
      return this.close(MESSAGE_TOO_BIG, 'message too big');
    }
    const message = isBinary ? undefined : this.endpoint.parse(rawText(data));
    if (!message) return this.close(badMessage, 'bad message');
    if (message.type === door.type) {
      if (this.state !== 'waiting') return this.close(badMessage, `second ${door.type}`);
      this.state = 'entering';
      clearTimeout(this.doorTimer);
      return this.run(() => this.enter(message as Extract<In, { type: D }>));
    }
    if (this.state === 'waiting') return this.close(door.code, door.reason);
    const after = message as Exclude<In, { type: D }>;
    // While the door's check runs, held: a socket's messages are handled in the order they came.
    if (this.state === 'entering') return this.run(() => this.receive(after));
    this.receive(after);
  }

  private receive(message: Exclude<In, { type: D }>): void {
    if (this.state === 'in') this.inside?.receive(message);
  }

  private async enter(message: Extract<In, { type: D }>): Promise<void> {
    const answer = await this.endpoint.door.check(message, this);
    if (answer instanceof Refusal) return this.close(answer.code, answer.reason);
    if (this.state !== 'entering') return answer.abandon?.();
    this.state = 'in';
    this.inside = answer;
    const refused = answer.enter();
    if (!refused) return;
    this.inside = undefined;
    this.close(refused.code, refused.reason);
  }

  /** Closed (by either side): the door's timer stops, and the socket inside is told, once. */
  private leave(): void {
    clearTimeout(this.doorTimer);
    const inside = this.state === 'in' ? this.inside : undefined;
    this.state = 'closed';
    inside?.closed();
  }
}

/** The bytes of a received message. */
function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, part) => n + part.length, 0);
  return Buffer.isBuffer(data) ? data.length : data.byteLength;
}

/** A received message as text. */
function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
