import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { WatercoolerServerMessage } from '@rally/contract';
import type { RoomBus } from './room-store.js';

type Target = { roomId: string; peerId?: string; except?: string };
type Listener = Parameters<RoomBus['subscribe']>[0];

export interface RedisRoomBusOptions {
  /** The app's Redis connection: publishes go through it. */
  redis: Redis;
  channel: string;
  log: FastifyBaseLogger;
}

/**
 * With REDIS_URL: every room message is published on one Redis channel, and every API process
 * (this one too) hands what it receives there to its listeners, which send it to their own sockets
 * of that room. A dedicated connection subscribes (a subscribed connection can do nothing else).
 *
 * On the wire a message is its target's JSON, a newline, then the message's JSON: written once by
 * the sender, and that second part is what the listeners send to their sockets as it is.
 *
 * Pub/sub is at-most-once: while the subscription is down, messages are lost. When it comes back
 * after a loss, the `onRestored` listeners are told (the gateway closes its room sockets, whose
 * clients join again and read the history), as the realtime gateway does (RedisTeamEvents).
 */
export class RedisRoomBus implements RoomBus {
  private closing = false;
  private readonly listeners = new Set<Listener>();
  private readonly restoredListeners = new Set<() => void>();

  private constructor(
    private readonly options: RedisRoomBusOptions,
    private readonly subscriber: Redis,
  ) {}

  /** Subscribes before it answers, so nothing published after start-up is missed. */
  static async start(options: RedisRoomBusOptions): Promise<RedisRoomBus> {
    const { redis, channel, log } = options;
    // Retry a lost subscriber for ever (the app's connection gives up on a command quickly).
    const subscriber = redis.duplicate({ maxRetriesPerRequest: null, connectionName: 'rally-watercooler-sub' });
    const bus = new RedisRoomBus(options, subscriber);
    let lost = false;
    subscriber.on('error', (err: Error) => log.warn({ err }, 'watercooler subscriber error'));
    subscriber.on('close', () => {
      if (!bus.closing) lost = true;
    });
    subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      log.warn('watercooler subscription restored; room sockets reconnect to catch up');
      for (const listener of bus.restoredListeners) listener();
    });
    subscriber.on('message', (from: string, data: string) => {
      if (from !== channel) return;
      const received = parseRoomMessage(data);
      if (!received) {
        log.warn({ channel }, 'watercooler: a message that is not a room message was ignored');
        return;
      }
      bus.deliver(received.target, received.message, received.json);
    });
    try {
      await subscriber.subscribe(channel);
    } catch (err) {
      subscriber.disconnect();
      throw err;
    }
    return bus;
  }

  toRoom(roomId: string, message: WatercoolerServerMessage, except?: string): void {
    this.publish(except === undefined ? { roomId } : { roomId, except }, message);
  }

  toPeer(roomId: string, peerId: string, message: WatercoolerServerMessage): void {
    this.publish({ roomId, peerId }, message);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told when the subscription comes back after a loss: what was published meanwhile is lost. */
  onRestored(listener: () => void): () => void {
    this.restoredListeners.add(listener);
    return () => this.restoredListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.listeners.clear();
    this.restoredListeners.clear();
    try {
      await this.subscriber.quit();
    } catch {
      this.subscriber.disconnect();
    }
  }

  private publish(target: Target, message: WatercoolerServerMessage): void {
    const { redis, channel, log } = this.options;
    redis.publish(channel, `${JSON.stringify(target)}\n${JSON.stringify(message)}`).catch((err: unknown) => {
      // Redis is down: the message is lost. The subscribers' reconnects (above) make clients catch up.
      log.error({ err, type: message.type, roomId: target.roomId }, 'watercooler publish failed');
    });
  }

  private deliver(target: Target, message: WatercoolerServerMessage, json: string): void {
    for (const listener of this.listeners) {
      try {
        listener(target, message, json);
      } catch (err) {
        // One listener's failure must not keep the message from the others.
        this.options.log.error({ err, type: message.type, roomId: target.roomId }, 'watercooler delivery failed');
      }
    }
  }
}

/** A room message as it travels through Redis (written by `publish` of some API process). */
export function parseRoomMessage(
  data: string,
): { target: Target; message: WatercoolerServerMessage; json: string } | undefined {
  const newline = data.indexOf('\n');
  if (newline < 0) return undefined;
  const json = data.slice(newline + 1);
  try {
    const target = JSON.parse(data.slice(0, newline)) as unknown;
    const message = JSON.parse(json) as unknown;
    if (!isTarget(target) || !isMessage(message)) return undefined;
    return { target, message, json };
  } catch {
    return undefined;
  }
}

function isTarget(value: unknown): value is Target {
  if (typeof value !== 'object' || value === null) return false;
  const { roomId, peerId, except } = value as Record<string, unknown>;
  return (
    typeof roomId === 'string' &&
    (peerId === undefined || typeof peerId === 'string') &&
    (except === undefined || typeof except === 'string')
  );
}

function isMessage(value: unknown): value is WatercoolerServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
