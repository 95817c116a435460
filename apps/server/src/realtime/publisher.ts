import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { USER_EVENT_TYPES, type TeamEvent, type UserEvent } from '@rally/contract';
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
 * With REDIS_URL: every event is published on one Redis channel, and every API process (this one
 * too) delivers what it receives there to its own sockets. A dedicated connection subscribes (a
 * subscribed Redis connection can do nothing else). Redis keeps the order of one connection's
 * publishes, so one process's events of a team arrive everywhere in the order it sent them.
 *
 * Pub/sub is at-most-once: while the subscription is down, events are lost. So when it comes back
 * after a loss every socket of this process is closed with 1012, and the clients reconnect and
 * refetch what they show (their catch-up), instead of silently missing what happened meanwhile.
 */
export class RedisTeamEvents implements TeamEventsPublisher {
  private closing = false;

  private constructor(
    private readonly options: RedisTeamEventsOptions,
    private readonly subscriber: Redis,
  ) {}

  /** Subscribes before it answers, so nothing published after start-up is missed. */
  static async start(options: RedisTeamEventsOptions): Promise<RedisTeamEvents> {
    const { redis, channel, hub, log } = options;
    // Retry a lost subscriber for ever (the app's connection gives up on a command quickly).
    const subscriber = redis.duplicate({ maxRetriesPerRequest: null, connectionName: 'rally-realtime-sub' });
    const publisher = new RedisTeamEvents(options, subscriber);
    let lost = false;
    subscriber.on('error', (err: Error) => log.warn({ err }, 'realtime subscriber error'));
    subscriber.on('close', () => {
      if (!publisher.closing) lost = true;
    });
    subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      log.warn('realtime subscription restored; clients reconnect to catch up');
      hub.closeAll(1012, 'reconnect');
    });
    subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      const event = parseEvent(message);
      if (event && 'team_id' in event) hub.deliver(event, message);
      else if (event) hub.deliverToUser(event, message);
      else log.warn({ channel }, 'realtime: a message that is not a team event was ignored');
    });
    try {
      await subscriber.subscribe(channel);
    } catch (err) {
      subscriber.disconnect();
      throw err;
    }
    return publisher;
  }

  publish(event: TeamEvent): void {
    const { redis, channel, log } = this.options;
    redis.publish(channel, JSON.stringify(event)).catch((err: unknown) => {
      // Redis is down: the event is lost. The subscribers' reconnects (above) make clients catch up.
      log.error({ err, type: event.type, teamId: event.team_id }, 'realtime publish failed');
    });
  }

  publishToUser(event: UserEvent): void {
    const { redis, channel, log } = this.options;
    redis.publish(channel, JSON.stringify(event)).catch((err: unknown) => {
      log.error({ err, type: event.type, userId: event.user_id }, 'realtime publish failed');
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.subscriber.quit();
    } catch {
      this.subscriber.disconnect();
    }
    await this.options.hub.idle();
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
