import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Session } from '../../http/authenticate.js';

/**
 * Signed-in sessions kept in the process for a short while, so a signed-in read does not first
 * ask the database who its bearer token belongs to (docs/adr/0017-session-cache.md). Correctness
 * rests on eviction, not on the TTL: whatever ends a session or changes what a session carries
 * (logout, password change or reset, idle or maximum age, a new name, e-mail or avatar) calls
 * `forgetUser` after its write commits, and with Redis every API process hears of it. The TTL
 * only bounds what a write made outside the app (a script, a restore) leaves standing.
 */
export interface CachedSession {
  session: Session;
  /** The token's `last_used_at` when it was read, in ms since 1970. */
  lastUsedAt: number;
  /** The token's `created_at` (its sign-in), in ms since 1970: past the maximum age it is not answered. */
  createdAt: number;
}

/** What the auth and profile services see of the cache; `close` is the app's, at shutdown. */
export interface Sessions {
  /** The cached session of `token`, or undefined (never cached, expired, evicted, or the cache is off). */
  lookup(token: string): CachedSession | undefined;
  /** Taken before a session is read from the database, and handed to `keep` with what was read. */
  epoch(): number;
  /** Keeps what was read, unless an eviction came between `epoch()` and now (it may be stale). */
  keep(token: string, epoch: number, entry: CachedSession): void;
  /** Forgets every cached session of a user, here and (with Redis) in every other API process. */
  forgetUser(userId: number): void;
}

export interface SessionRevocations extends Sessions {
  close(): Promise<void>;
}

interface Entry extends CachedSession {
  at: number;
}

export const SESSION_CACHE_MAX = 10_000;

/** The cache of one process; on its own it is the embedded default (evictions are local). */
export class SessionCache implements SessionRevocations {
  private readonly entries = new Map<string, Entry>();
  /** Raised by every eviction: a read that began before it must not be kept. */
  private generation = 0;
  /** False while evictions from other processes may be missed (Redis subscription down). */
  private trusted = true;

  constructor(
    private readonly ttlMs: number,
    private readonly max: number = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  lookup(token: string): CachedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() - entry.at < this.ttlMs) return entry;
    this.entries.delete(token);
    return undefined;
  }

  epoch(): number {
    return this.generation;
  }

  keep(token: string, epoch: number, entry: CachedSession): void {
    if (this.ttlMs <= 0 || !this.trusted || epoch !== this.generation) return;
    this.entries.delete(token); // re-inserted last: the oldest insert goes first when full
    this.entries.set(token, { ...entry, at: this.now() });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** This process only; `forgetUser` of the revocation channel tells the others too. */
  forgetUser(userId: number): void {
    this.generation++;
    for (const [token, entry] of this.entries) if (entry.session.user.id === userId) this.entries.delete(token);
  }

  /** Forgets every session kept here. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Forgets everything and keeps nothing until `trust()`: evictions may be going astray. */
  distrust(): void {
    this.trusted = false;
    this.clear();
  }

  trust(): void {
    this.trusted = true;
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.clear();
  }
}

/**
 * With REDIS_URL: an eviction is applied here at once and published on `channel`; every API
 * process evicts what it hears. Pub/sub is at-most-once, so while the subscription is down the
 * cache keeps nothing (every request reads the database) until it is back.
 */
export async function redisSessions(
  cache: SessionCache,
  { redis, channel, log }: { redis: Redis; channel: string; log: FastifyBaseLogger },
): Promise<SessionRevocations> {
  const subscriber = redis.duplicate({ maxRetriesPerRequest: null, connectionName: 'rally-sessions-sub' });
  let closing = false;
  subscriber.on('error', (err: Error) => log.warn({ err }, 'session revocation subscriber error'));
  subscriber.on('close', () => {
    if (!closing) cache.distrust();
  });
  // `ready` comes again after a reconnect, once ioredis has subscribed again.
  subscriber.on('ready', () => cache.trust());
  subscriber.on('message', (from: string, message: string) => {
    const userId = Number(message);
    if (from === channel && Number.isSafeInteger(userId)) cache.forgetUser(userId);
  });
  try {
    await subscriber.subscribe(channel);
  } catch (err) {
    subscriber.disconnect();
    throw err;
  }
  return {
    lookup: (token) => cache.lookup(token),
    epoch: () => cache.epoch(),
    keep: (token, epoch, entry) => cache.keep(token, epoch, entry),
    forgetUser(userId) {
      cache.forgetUser(userId);
      redis.publish(channel, String(userId)).catch((err: unknown) => {
        // Not heard elsewhere: the others' entries end with their TTL. Logged, as it weakens a logout.
        log.error({ err, userId }, 'session revocation publish failed');
      });
    },
    async close() {
      closing = true;
      try {
        await subscriber.quit();
      } catch {
        subscriber.disconnect();
      }
    },
  };
}
