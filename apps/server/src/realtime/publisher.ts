import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { USER_EVENT_TYPES, type TeamEvent, type UserEvent } from '@rally/contract';
import { RedisChannel } from '../lib/redis-channel.js';
import type { TeamEvents, UserEvents } from './events.js';
import type { ClientHub } from './hub.js';

/** The one publisher of team events: `TeamEvents` for the services, `close` for shutdown. */
export interface TeamEventsPublisher extends TeamEvents, UserEvents {
  /** Stops taking events from elsewhere and waits for the deliveries under way. */
  close(): Promise<void>;
}

/**
 * The embedded default: one process, so an event goes straight to this process's sockets. The
 * hub's delivery is asynchronous; `publish` returns at once and never throws.
 */
export class LocalTeamEvents implements TeamEventsPublisher {
  constructor(private readonly hub: ClientHub) {}

  publish(event: TeamEvent): void {
    this.hub.deliver(event);
  }

  publishToUser(event: UserEvent): void {
    this.hub.deliverToUser(event);
  }

  async close(): Promise<void> {
    await this.hub.idle();
  }
}

export interface RedisTeamEventsOptions {
  /** The app's Redis connection: publishes go through it. */
  redis: Redis;
  channel: string;
  hub: ClientHub;
  log: FastifyBaseLogger;
}

/**
 * With REDIS_URL: every event is published on one Redis channel (lib/redis-channel.ts), and every
 * API process (this one too) delivers what it receives there to its own sockets, one process's
 * events of a team in the order it sent them.
 *
 * Pub/sub is at-most-once: while the subscription is down, events are lost. So when it comes back
 * after a loss every socket of this process is closed with 1012, and the clients reconnect and
 * refetch what they show (their catch-up), instead of silently missing what happened meanwhile.
 */
export class RedisTeamEvents implements TeamEventsPublisher {
  private constructor(
    private readonly channel: RedisChannel<TeamEvent | UserEvent>,
    private readonly hub: ClientHub,
  ) {}

  /** Subscribes before it answers, so nothing published after start-up is missed. */
  static async start({ redis, channel, hub, log }: RedisTeamEventsOptions): Promise<RedisTeamEvents> {
    const opened = await RedisChannel.open<TeamEvent | UserEvent>({
      redis,
      channel,
      name: 'realtime',
      log,
      decode: parseEvent,
      receive: (event, json) => {
        if ('team_id' in event) hub.deliver(event, json);
        else hub.deliverToUser(event, json);
      },
      restored: () => hub.closeAll(1012, 'reconnect'),
    });
    return new RedisTeamEvents(opened, hub);
  }

  publish(event: TeamEvent): void {
    this.channel.publish(event, { type: event.type, teamId: event.team_id });
  }

  publishToUser(event: UserEvent): void {
    this.channel.publish(event, { type: event.type, userId: event.user_id });
  }

  async close(): Promise<void> {
    await this.channel.close();
    await this.hub.idle();
  }
}

/** A team or user event as it travels through Redis (written by `publish` of some API process). */
function parseEvent(message: string): TeamEvent | UserEvent | undefined {
  try {
    const value = JSON.parse(message) as unknown;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { type?: unknown }).type === 'string' &&
      Number.isInteger((value as { team_id?: unknown }).team_id)
    )
      return value as TeamEvent;
    if (
      typeof value === 'object' &&
      value !== null &&
      USER_EVENT_TYPES.includes((value as { type?: unknown }).type as UserEvent['type']) &&
      Number.isInteger((value as { user_id?: unknown }).user_id)
    )
      return value as UserEvent;
  } catch {
    // fall through
  }
  return undefined;
}
