import type { Session } from '../../http/authenticate.js';
import type { EventTail } from '../../events/tail.js';

/**
 * Signed-in sessions kept in the process for a short while, so a signed-in read does not first
 * ask the database who its bearer token belongs to (docs/adr/0017-session-cache.md, ADR 0026).
 * Correctness rests on eviction, not on the TTL: whatever ends a session or changes what a session
 * carries records `session.ended` or `user.updated` in its transaction, and the cache forgets that
 * user's sessions when the process's event tail hears it: at once for this process's commits
 * (before the writer's answer), at the next read of the log for the others'. A kept session is
 * answered only while the tail has heard the log recently. The TTL only bounds what a write made
 * outside the app (a script, a restore) leaves standing.
 */
export interface CachedSession {
  session: Session;
  /** The token's `last_used_at` when it was read, in ms since 1970. */
  lastUsedAt: number;
  /** The token's `created_at` (its sign-in), in ms since 1970: past the maximum age it is not answered. */
  createdAt: number;
}

/** What the auth service sees of the cache: it reads and keeps; evictions come from the event log. */
export interface Sessions {
  /** The cached session of `token`, or undefined (never cached, expired, evicted, unheard, or the cache is off). */
  lookup(token: string): Promise<CachedSession | undefined>;
  /** Taken before a session is read from the database, and handed to `keep` with what was read. */
  epoch(): number;
  /** Keeps what was read, unless an eviction came between `epoch()` and now (it may be stale). */
  keep(token: string, epoch: number, entry: CachedSession): void;
}

interface Entry extends CachedSession {
  at: number;
}

export const SESSION_CACHE_MAX = 10_000;

/** The cache of one process. Until it `follow`s an event tail it answers nothing. */
export class SessionCache implements Sessions {
  private readonly entries = new Map<string, Entry>();
  /** Raised by every eviction: a read that began before it must not be kept. */
  private generation = 0;
  /** Whether the tail has heard the log recently enough for a kept session to be answered (reading it if not). */
  private hear: () => Promise<boolean> = () => Promise.resolve(false);
  private unfollow: (() => void) | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly max: number = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  /** Evicts on what `tail` hears, and answers only once it has heard the log recently (`hear()`). */
  follow(tail: Pick<EventTail, 'on' | 'hear'>): void {
    this.unfollow?.();
    this.hear = () => tail.hear();
    this.unfollow = tail.on((event) => {
      // A session ended, or what a session carries (name, e-mail, avatar) changed.
      if (event.type === 'session.ended' || event.type === 'user.updated') this.forgetUser(event.user_id);
    });
  }

  async lookup(token: string): Promise<CachedSession | undefined> {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.entries.delete(token);
      return undefined;
    }
    // Unheard, another process's eviction may be missing: the database answers meanwhile.
    if (!(await this.hear())) return undefined;
    // What the tail heard just now may have evicted it.
    return this.entries.get(token) === entry ? entry : undefined;
  }

  epoch(): number {
    return this.generation;
  }

  keep(token: string, epoch: number, entry: CachedSession): void {
    if (this.ttlMs <= 0 || epoch !== this.generation) return;
    this.entries.delete(token); // re-inserted last: the oldest insert goes first when full
    this.entries.set(token, { ...entry, at: this.now() });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets every session of a user kept here (the services record an event instead). */
  forgetUser(userId: number): void {
    this.generation++;
    for (const [token, entry] of this.entries) if (entry.session.user.id === userId) this.entries.delete(token);
  }

  /** Forgets every session kept here. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unfollow?.();
    this.unfollow = undefined;
    this.hear = () => Promise.resolve(false);
    this.clear();
  }
}
