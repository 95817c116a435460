import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisChannelOptions<T, R> {
  /** The app's Redis connection: publishes go through it. */
  redis: Redis;
  /** The Redis channel (its setting separates Rallies, or parallel test runs, sharing one Redis). */
  channel: string;
  /** What the channel carries, for its connection's name and the logs: 'realtime', 'watercooler'. */
  name: string;
  log: FastifyBaseLogger;
  /** A message as it goes on the wire (JSON unless said otherwise). */
  encode?: (message: T) => string;
  /** A message read off the wire; undefined for anything else (logged and ignored). */
  decode: (data: string) => R | undefined;
  /** A message of any process (this one too), with its text as it came. */
  receive: (message: R, data: string) => void;
  /**
   * The subscription is back after a loss. Pub/sub is at-most-once: what was published meanwhile
   * is lost, so this is where clients are made to catch up (their sockets closed 1012).
   */
  restored: () => void;
}

/**
 * One Redis pub/sub channel shared by every API process: `publish` goes out on the app's
 * connection; a dedicated connection subscribes (a subscribed connection can do nothing else) and
 * retries for ever, and every process (this one too) receives what any of them published. Redis
 * keeps the order of one connection's publishes.
 */
export class RedisChannel<T, R = T> {
  private closing = false;

  private constructor(
    private readonly options: RedisChannelOptions<T, R>,
    private readonly subscriber: Redis,
  ) {}

  /** Subscribes before it answers, so nothing published after start-up is missed. */
  static async open<T, R = T>(options: RedisChannelOptions<T, R>): Promise<RedisChannel<T, R>> {
    const { redis, channel, name, log, decode, receive, restored } = options;
    // Retry a lost subscriber for ever (the app's connection gives up on a command quickly).
    const subscriber = redis.duplicate({ maxRetriesPerRequest: null, connectionName: `rally-${name}-sub` });
    const opened = new RedisChannel(options, subscriber);
    let lost = false;
    subscriber.on('error', (err: Error) => log.warn({ err }, `${name} subscriber error`));
    subscriber.on('close', () => {
      if (!opened.closing) lost = true;
    });
    subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      log.warn(`${name} subscription restored; what was published meanwhile is lost, clients catch up`);
      restored();
    });
    subscriber.on('message', (from: string, data: string) => {
      if (from !== channel) return;
      const message = decode(data);
      if (message === undefined) log.warn({ channel }, `${name}: a message of another kind was ignored`);
      else receive(message, data);
    });
    try {
      await subscriber.subscribe(channel);
    } catch (err) {
      subscriber.disconnect();
      throw err;
    }
    return opened;
  }

  /**
   * Publishes to every process. Never throws: with Redis down the message is lost for everyone
   * (logged at error level with `about`), and the subscribers' `restored` makes clients catch up.
   */
  publish(message: T, about: Record<string, unknown>): void {
    const { redis, channel, name, log, encode = JSON.stringify } = this.options;
    redis.publish(channel, encode(message)).catch((err: unknown) => {
      log.error({ err, ...about }, `${name} publish failed`);
    });
  }

  /** Stops receiving; the app's connection (publishes) is the app's to close. */
  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.subscriber.quit();
    } catch {
      this.subscriber.disconnect();
    }
  }
}
