import {
  Endpoints,
  Realtime,
  RealtimeClose,
  REALTIME_PATH,
  type ClientMessage,
  type ServerMessage,
  type RealtimeEvent,
} from '@rally/contract';
import { ApiError, call } from './api-client';
import { sessionStore } from './session-storage';

/**
 * The live channel of a signed-in tab: one WebSocket to `/api/realtime` (docs/adr/0010). Its one
 * listener is the signed-in frame's `LiveUpdates` (app/live-updates.tsx), which applies every event
 * to the query caches; screens never subscribe themselves. It opens while someone listens and a
 * token is stored, sends the token as its first message (never in the URL), and closes on sign-out.
 *
 * When the socket drops it reconnects with exponential back-off and jitter (0.25–0.5 s, doubling,
 * at most 30 s). Events that happened while it was away are not replayed: after a reconnect every
 * listener's `onReconnect` runs, and the caches are read again (their catch-up).
 */

/** The smallest socket the client needs: the browser's WebSocket, or a fake in tests. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface RealtimeDeps {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  /** The stored bearer token, or null when signed out. */
  token: () => string | null;
  /** Called back whenever the stored session may have changed (sign-in, sign-out, another tab). */
  watchToken: (listener: () => void) => () => void;
  /**
   * After a 4401: does the session still stand? (An API call: a 401 there clears the session and
   * returns to sign-in, as every call does.) True: the close was something else; reconnect.
   */
  verifySession: () => Promise<boolean>;
  /** Called back when the browser comes back online: reconnect at once. */
  watchOnline?: (listener: () => void) => () => void;
  random?: () => number;
}

export const Backoff = {
  firstMs: 500,
  maxMs: 30_000,
  /** With no listeners left, the socket stays this long in case another screen listens next. */
  lingerMs: 2_000,
} as const;

/**
 * The wait before reconnect attempt `attempt` (0 first): the ceiling doubles from `firstMs` up
 * to `maxMs`, and the wait is a random point in its upper half, so a server restart does not bring
 * every tab back in the same millisecond.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(Backoff.maxMs, Backoff.firstMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Team events of the user's teams, and events addressed to the user (a new notification). */
type Handler = (event: RealtimeEvent) => void;

interface Listener {
  onEvent: Handler;
  onReconnect?: (() => void) | undefined;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'ready' | 'waiting' | 'stopped';

export class RealtimeClient {
  private readonly listeners = new Set<Listener>();
  private socket: SocketLike | undefined;
  private socketToken: string | null = null;
  /** A token the server refused and the API confirmed ended: never tried again. */
  private refusedToken: string | null = null;
  private status: RealtimeStatus = 'idle';
  private attempts = 0;
  /** A `ready` came since the last (re)start: the next one is a reconnect. */
  private wasReady = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private unwatch: (() => void)[] = [];

  constructor(private readonly deps: RealtimeDeps) {}

  get state(): RealtimeStatus {
    return this.status;
  }

  /** Listens to every team event of the signed-in user; the returned function stops listening. */
  subscribe(onEvent: Handler, onReconnect?: () => void): () => void {
    const listener: Listener = { onEvent, onReconnect };
    this.listeners.add(listener);
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    if (this.unwatch.length === 0) {
      this.unwatch.push(this.deps.watchToken(() => this.sync()));
      if (this.deps.watchOnline) this.unwatch.push(this.deps.watchOnline(() => this.onOnline()));
    }
    this.sync();
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => {
        this.lingerTimer = undefined;
        if (this.listeners.size > 0) return;
        this.unwatch.splice(0).forEach((stop) => stop());
        this.stop();
      }, Backoff.lingerMs);
    };
  }

  /** Opens, keeps or closes the socket for the current token and listeners. */
  private sync(): void {
    const token = this.deps.token();
    if (!token) return this.stop(); // signed out: close, and no reconnect
    if (token === this.refusedToken) return;
    if (this.listeners.size === 0 && !this.lingerTimer) return;
    if (this.status !== 'idle' && this.status !== 'stopped' && token === this.socketToken) return;
    // Another user signed in (here or in another tab): a fresh start with the new token.
    this.stop();
    this.connect();
  }

  private connect(): void {
    const token = this.deps.token();
    if (!token) return this.stop();
    this.retryTimer = undefined;
    this.status = 'connecting';
    this.socketToken = token;
    const socket = this.deps.createSocket(this.deps.url());
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', token });
    socket.onmessage = (event) => this.onMessage(event);
    socket.onerror = () => undefined; // a close always follows
    socket.onclose = (event) => this.onClose(socket, event.code);
  }

  private send(message: ClientMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // not open any more: its close is on the way
    }
  }

  private onMessage(event: MessageEvent): void {
    const message = parseServerMessage(event.data);
    if (!message) return;
    this.gotSign();
    switch (message.type) {
      case 'ready': {
        if (this.status === 'ready') return; // a repeated `ready` on the same socket is no reconnect
        this.status = 'ready';
        this.attempts = 0;
        const reconnected = this.wasReady;
        this.wasReady = true;
        this.startPings();
        if (reconnected) for (const l of [...this.listeners]) safely(() => l.onReconnect?.());
        return;
      }
      case 'pong':
      case 'error':
        return;
      case 'post.created':
      case 'post.updated':
      case 'post.deleted':
      case 'post.engagement':
      case 'todo.changed':
      case 'notification.created':
      case 'team.deleted':
      case 'team.restored':
      case 'prompt.changed':
      case 'media.ready':
      case 'team.members_changed':
        for (const l of [...this.listeners]) safely(() => l.onEvent(message));
    }
  }

  private onClose(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return; // one we dropped already
    this.dropSocket();
    if (this.status === 'stopped') return;
    if (code === RealtimeClose.unauthenticated) {
      // The token is bad, revoked or timed out: the API says which. Until then, nothing.
      this.status = 'waiting';
      const token = this.socketToken;
      void this.deps
        .verifySession()
        .catch(() => true) // the API is unreachable too: keep trying, with back-off
        .then((stands) => {
          if (this.status !== 'waiting' || this.socketToken !== token) return; // stopped or restarted meanwhile
          if (stands) return this.retry();
          this.refusedToken = token;
          this.status = 'stopped';
        });
      return;
    }
    this.retry();
  }

  private retry(): void {
    this.status = 'waiting';
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), backoffDelay(this.attempts++, this.deps.random));
  }

  private onOnline(): void {
    if (this.status !== 'waiting' || !this.retryTimer) return;
    clearTimeout(this.retryTimer);
    this.attempts = 0;
    this.connect();
  }

  /** Every `pingIntervalMs` a ping; no answer within `pongTimeoutMs` means the link is dead. */
  private startPings(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      if (this.pongTimer) return;
      this.pongTimer = setTimeout(() => {
        // A dead link may take minutes to report its close: drop it and reconnect now.
        const socket = this.socket;
        this.dropSocket();
        try {
          socket?.close(4000, 'no pong');
        } catch {
          // ignore
        }
        this.retry();
      }, Realtime.pongTimeoutMs);
    }, Realtime.pingIntervalMs);
  }

  /** Anything received proves the link alive. */
  private gotSign(): void {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  private dropSocket(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pingTimer = this.pongTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  }

  /** Closes the socket and forgets the back-off; the next start is a first connection. */
  stop(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.dropSocket();
    try {
      socket?.close(1000, 'bye');
    } catch {
      // ignore
    }
    this.status = 'stopped';
    this.socketToken = null;
    this.attempts = 0;
    this.wasReady = false;
  }
}

function parseServerMessage(data: unknown): ServerMessage | undefined {
  try {
    const value = JSON.parse(String(data)) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
      ? (value as ServerMessage)
      : undefined;
  } catch {
    return undefined;
  }
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch (err) {
    console.error(err);
  }
}

/** `ws://` or `wss://` to this page's own host. */
export function realtimeUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/${REALTIME_PATH}`;
}

/** The tab's one connection. */
export const realtime = new RealtimeClient({
  url: () => realtimeUrl(),
  createSocket: (url) => new WebSocket(url),
  token: () => sessionStore.token(),
  watchToken: (listener) => sessionStore.subscribe(listener),
  verifySession: async () => {
    try {
      await call(Endpoints.profile);
      return true;
    } catch (err) {
      return !(err instanceof ApiError && err.status === 401);
    }
  },
  watchOnline: (listener) => {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
});
