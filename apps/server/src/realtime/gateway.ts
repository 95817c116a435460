import type { FastifyInstance } from 'fastify';
import { Realtime, RealtimeClose, REALTIME_PATH, type ClientMessage, type ServerMessage } from '@rally/contract';
import type { Session } from '../http/authenticate.js';
import { registerSocketEndpoint, type EndpointSocket, type Inside, Refusal } from '../http/socket-endpoint.js';
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
}

/** Our bearer tokens are base64url, 16–128 characters (as `http/authenticate.ts` reads them). */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
/** A socket this far behind (a client that stopped reading) is dropped; it catches up on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The realtime gateway: one WebSocket at `GET /api/realtime` (docs/adr/0010-realtime-gateway.md),
 * an endpoint of http/socket-endpoint.ts.
 *
 * Protocol: the client's first message is `{type:'auth', token}` (the token never goes in the URL,
 * so it stays out of access logs), within 5 s; the answer is `{type:'ready', team_ids}`, then the
 * team events the hub delivers. `{type:'ping'}` gets `{type:'pong'}`. Close codes: 4401 no or bad
 * token, or the session ended since (final: the client signs out); 4400 a message that is not
 * ours; 4429 too many sockets for one user; 1008 more messages than REALTIME_MESSAGES_PER_MINUTE;
 * 1009 a message over 4 KiB; 1011 the database failed during auth; 1001 shutdown.
 */
export function registerRealtimeGateway(app: FastifyInstance, options: GatewayOptions): void {
  registerSocketEndpoint<ClientMessage, 'auth', ServerMessage>(app, {
    path: REALTIME_PATH,
    name: 'realtime',
    connectsPerMinute: options.connectsPerMinute,
    maxMessageBytes: Realtime.maxMessageBytes,
    messagesPerMinute: options.messagesPerMinute,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    parse: parseClientMessage,
    badMessage: RealtimeClose.badMessage,
    door: {
      type: 'auth',
      timeoutMs: Realtime.authTimeoutMs,
      code: RealtimeClose.unauthenticated,
      reason: 'authentication required',
      check: ({ token }, socket) => signIn(token, socket, options),
    },
  });
}

/** The door: a live session's socket, with the teams it hears of, or 4401. */
async function signIn(
  token: string,
  socket: EndpointSocket<ServerMessage>,
  options: GatewayOptions,
): Promise<Connection | Refusal> {
  const session = TOKEN.test(token) ? await options.authenticate(token) : undefined;
  if (!session) return new Refusal(RealtimeClose.unauthenticated, 'invalid token');
  const teamIds = await options.repo.teamIdsOf(session.user.id);
  return new Connection(socket, options, session, token, teamIds);
}

/** One signed-in socket, as the hub delivers to it. */
class Connection implements HubClient, Inside<Exclude<ClientMessage, { type: 'auth' }>> {
  private checkTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: EndpointSocket<ServerMessage>,
    private readonly options: GatewayOptions,
    private readonly session: Session,
    private readonly token: string,
    private readonly teamIds: number[],
  ) {}

  get userId(): number {
    return this.session.user.id;
  }

  get tokenId(): number {
    return this.session.tokenId;
  }

  enter(): Refusal | undefined {
    if (!this.options.hub.add(this)) return new Refusal(RealtimeClose.tooManyConnections, 'too many connections');
    this.socket.reply({ type: 'ready', team_ids: this.teamIds });
    this.checkTimer = setInterval(() => void this.recheck(), this.options.sessionCheckMs);
    this.checkTimer.unref();
    return undefined;
  }

  receive(message: Exclude<ClientMessage, { type: 'auth' }>): void {
    switch (message.type) {
      case 'ping':
        this.socket.reply({ type: 'pong' });
        return;
    }
  }

  send(data: string): void {
    this.socket.send(data);
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  closed(): void {
    clearInterval(this.checkTimer);
    this.options.hub.remove(this);
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
      this.socket.log.warn({ err }, 'realtime session check failed; will try again');
    }
  }
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
