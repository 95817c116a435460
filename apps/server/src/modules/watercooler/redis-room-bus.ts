import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { WatercoolerServerMessage } from '@rally/contract';
import { RedisChannel } from '../../lib/redis-channel.js';
import type { RoomBus } from './room-store.js';

type Target = { roomId: string; peerId?: string; except?: string };
type Listener = Parameters<RoomBus['subscribe']>[0];

export interface RedisRoomBusOptions {
  /** The app's Redis connection: publishes go through it. */
  redis: Redis;
  channel: string;
  log: FastifyBaseLogger;
}

/** A room message as it is sent: to whom, and what. */
interface Sent {
  target: Target;
  message: WatercoolerServerMessage;
}

/** A room message as it is received: with the message's JSON as the sender wrote it. */
interface Received extends Sent {
  json: string;
}

/**
 * With REDIS_URL: every room message is published on one Redis channel (lib/redis-channel.ts), and
 * every API process (this one too) hands what it receives there to its listeners, which send it to
 * their own sockets of that room.
 *
 * On the wire a message is its target's JSON, a newline, then the message's JSON: written once by
 * the sender, and that second part is what the listeners send to their sockets as it is.
 *
 * Pub/sub is at-most-once: while the subscription is down, messages are lost. When it comes back
 * after a loss, the `onRestored` listeners are told (the gateway closes its room sockets, whose
 * clients join again and read the history), as the realtime gateway does (RedisTeamEvents).
 */
export class RedisRoomBus implements RoomBus {
  private constructor(
    private readonly channel: RedisChannel<Sent, Received>,
    private readonly listeners: Set<Listener>,
    private readonly restoredListeners: Set<() => void>,
  ) {}

  /** Subscribes before it answers, so nothing published after start-up is missed. */
  static async start({ redis, channel, log }: RedisRoomBusOptions): Promise<RedisRoomBus> {
    const listeners = new Set<Listener>();
    const restoredListeners = new Set<() => void>();
    const opened = await RedisChannel.open<Sent, Received>({
      redis,
      channel,
      name: 'watercooler',
      log,
      encode: ({ target, message }) => `${JSON.stringify(target)}\n${JSON.stringify(message)}`,
      decode: parseRoomMessage,
      receive: ({ target, message, json }) => {
        for (const listener of listeners) {
          try {
            listener(target, message, json);
          } catch (err) {
            // One listener's failure must not keep the message from the others.
            log.error({ err, type: message.type, roomId: target.roomId }, 'watercooler delivery failed');
          }
        }
      },
      restored: () => {
        for (const listener of restoredListeners) listener();
      },
    });
    return new RedisRoomBus(opened, listeners, restoredListeners);
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
    this.listeners.clear();
    this.restoredListeners.clear();
    await this.channel.close();
  }

  private publish(target: Target, message: WatercoolerServerMessage): void {
    this.channel.publish({ target, message }, { type: message.type, roomId: target.roomId });
  }
}

/** A room message as it travels through Redis (written by `publish` of some API process). */
export function parseRoomMessage(data: string): Received | undefined {
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
