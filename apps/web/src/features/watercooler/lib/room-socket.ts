import {
  WATERCOOLER_PATH,
  WatercoolerClose,
  WatercoolerLimits,
  WatercoolerMessages,
  type ChatMessageDto,
  type WatercoolerClientMessage,
  type WatercoolerServerMessage,
  type WatercoolerSignal,
} from '@rally/contract';
import type { SocketLike } from '../../../lib/realtime';

/**
 * The client of the watercooler's room socket (packages/contract/src/watercooler.ts): it sends
 * `join` with the access token, answers `open()` with the `joined` message, keeps the link alive
 * with pings, pairs each `say` with its `said` or `refused`, and hands every other server message
 * to its listener. It does not reconnect: a new socket is a new peer in the room (its call links
 * would all be rebuilt), so a lost socket is reported and the person enters again.
 */

export type JoinedMessage = Extract<WatercoolerServerMessage, { type: 'joined' }>;

/** What the room tells the screen: presence, messages, signals, the room's end, and the socket's loss. */
export type RoomEvent =
  | Exclude<WatercoolerServerMessage, { type: 'joined' | 'pong' | 'said' }>
  | { type: 'closed'; code: number; message: string };

/** A `say` the room refused (`message` is the reason in words), or one that could not be sent. */
export class SayError extends Error {}

/** What a close code means for the person, in the watercooler's words. */
export function closeMessage(code: number): string {
  switch (code) {
    case WatercoolerClose.badToken:
      return WatercoolerMessages.badToken;
    case WatercoolerClose.notMember:
      return WatercoolerMessages.notMember;
    case WatercoolerClose.roomGone:
      return WatercoolerMessages.ended;
    case WatercoolerClose.tooFast:
      return WatercoolerMessages.tooFast;
    default:
      return WatercoolerMessages.notAvailable;
  }
}

/** `ws://` or `wss://` to this page's own host: the room socket under the API. */
export function roomSocketUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/${WATERCOOLER_PATH}`;
}

export interface RoomSocketDeps {
  url: string;
  token: string;
  createSocket?: (url: string) => SocketLike;
  /** A fresh nonce per `say`. */
  nonce?: () => string;
}

interface PendingSay {
  resolve: (message: ChatMessageDto) => void;
  reject: (error: SayError) => void;
}

export class RoomSocket {
  private socket: SocketLike | undefined;
  private joined = false;
  private closedByUs = false;
  private finished = false;
  private listener: ((event: RoomEvent) => void) | undefined;
  /** Events that came before anyone listened (between `joined` and the room's first render). */
  private buffered: RoomEvent[] = [];
  private readonly pending = new Map<string, PendingSay>();
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private count = 0;

  constructor(private readonly deps: RoomSocketDeps) {}

  /**
   * Opens the socket and joins the room; answers `joined`, or rejects with the reason in words
   * when the socket closes first (a bad token, a team one is no longer in, the room gone).
   */
  open(): Promise<JoinedMessage> {
    return new Promise((resolve, reject) => {
      const create = this.deps.createSocket ?? ((url: string) => new WebSocket(url));
      let socket: SocketLike;
      try {
        socket = create(this.deps.url);
      } catch {
        reject(new Error(WatercoolerMessages.notAvailable));
        return;
      }
      this.socket = socket;
      socket.onopen = () => this.send({ type: 'join', token: this.deps.token });
      socket.onerror = () => undefined; // a close always follows
      socket.onmessage = (event) => {
        const message = parse(event.data);
        if (!message) return;
        this.gotSign();
        if (message.type === 'joined') {
          if (this.joined) return;
          this.joined = true;
          this.startPings();
          resolve(message);
          return;
        }
        this.onMessage(message);
      };
      socket.onclose = (event) => {
        const message = closeMessage(event.code);
        if (!this.joined) reject(new Error(message));
        this.finish(event.code, message);
      };
    });
  }

  /** The one listener of room events; events that came before it are handed over at once. */
  listen(listener: (event: RoomEvent) => void): () => void {
    this.listener = listener;
    for (const event of this.buffered.splice(0)) listener(event);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }

  /** Sends a text or an image (its upload key); answers the message as the room took it. */
  say(content: { body?: string; media_key?: string }): Promise<ChatMessageDto> {
    if (!this.joined || this.finished) return Promise.reject(new SayError(WatercoolerMessages.sendFailed));
    const nonce = this.deps.nonce?.() ?? `${Date.now().toString(36)}-${++this.count}`;
    return new Promise((resolve, reject) => {
      this.pending.set(nonce, { resolve, reject });
      if (!this.send({ type: 'say', nonce, ...content })) {
        this.pending.delete(nonce);
        reject(new SayError(WatercoolerMessages.sendFailed));
      }
    });
  }

  /** One's own call state. */
  call(state: { in_call: boolean; audio: boolean; video: boolean }): void {
    this.send({ type: 'call', ...state });
  }

  /** An SDP description or an ICE candidate to one peer. */
  signal(to: string, signal: WatercoolerSignal): void {
    this.send({ type: 'signal', to, ...signal });
  }

  /** Leaves the room: says so, closes the socket, and reports nothing more. */
  leave(): void {
    if (this.finished) return;
    this.closedByUs = true;
    this.send({ type: 'leave' });
    const socket = this.socket;
    this.finish(1000, '');
    try {
      socket?.close(1000, 'left');
    } catch {
      // already closing
    }
  }

  private onMessage(message: WatercoolerServerMessage): void {
    switch (message.type) {
      case 'pong':
      case 'joined':
        return;
      case 'said': {
        const pending = this.pending.get(message.nonce);
        this.pending.delete(message.nonce);
        pending?.resolve(message.message);
        return;
      }
      case 'refused': {
        const pending = message.nonce === undefined ? undefined : this.pending.get(message.nonce);
        if (pending && message.nonce !== undefined) {
          this.pending.delete(message.nonce);
          pending.reject(new SayError(message.message));
          return;
        }
        this.emit(message); // a refused `call` (the call is full)
        return;
      }
      case 'message':
      case 'peer.joined':
      case 'peer.left':
      case 'peer.updated':
      case 'signal':
      case 'ended':
        this.emit(message);
    }
  }

  private emit(event: RoomEvent): void {
    if (this.listener) this.listener(event);
    else this.buffered.push(event);
  }

  private send(message: WatercoolerClientMessage): boolean {
    try {
      if (!this.socket) return false;
      this.socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false; // not open any more: its close is on the way
    }
  }

  /** Every `pingIntervalMs` a ping; no answer within `pongTimeoutMs` means the link is dead. */
  private startPings(): void {
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      this.pongTimer ??= setTimeout(() => {
        const socket = this.socket;
        this.finish(4000, WatercoolerMessages.notAvailable);
        try {
          socket?.close(4000, 'no pong');
        } catch {
          // ignore
        }
      }, WatercoolerLimits.pongTimeoutMs);
    }, WatercoolerLimits.pingIntervalMs);
  }

  private gotSign(): void {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  /** Once: stops the timers, fails what waits for an answer, and reports a loss we did not ask for. */
  private finish(code: number, message: string): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    const socket = this.socket;
    if (socket) socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    for (const { reject } of this.pending.values()) reject(new SayError(WatercoolerMessages.sendFailed));
    this.pending.clear();
    if (!this.closedByUs && this.joined) this.emit({ type: 'closed', code, message });
  }
}

function parse(data: unknown): WatercoolerServerMessage | undefined {
  try {
    const value = JSON.parse(String(data)) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
      ? (value as WatercoolerServerMessage)
      : undefined;
  } catch {
    return undefined;
  }
}
