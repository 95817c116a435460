import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../http/errors.js';

/**
 * Counts failed attempts at a secret (a password, a one-time code) the way OWASP advises: per
 * account AND source together, so an attacker's failures limit the attacker, never the owner
 * who comes from elsewhere. Across all sources an account under attack is slowed down (each
 * attempt waits a little longer), never locked: the owner's right answer still gets in.
 * Counters live in Redis when configured, so every API node counts together.
 */
export interface FailureGuardOptions {
  name: string;
  redis?: Redis | undefined;
  /** Failures from one source at one account before that source gets 429 (for `windowSeconds`). */
  perSource: number;
  /** Failures at one account, from anywhere, before attempts are slowed down. */
  slowAfter: number;
  windowSeconds: number;
  /** Extra wait per failure past `slowAfter`, and its cap. */
  stepMs?: number;
  maxDelayMs?: number;
}

export class FailureGuard {
  private readonly bySource: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;

  constructor(
    private readonly opts: FailureGuardOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    const make = (suffix: string, points: number) =>
      opts.redis
        ? new RateLimiterRedis({
            storeClient: opts.redis,
            keyPrefix: `rally-fail:${opts.name}:${suffix}`,
            points,
            duration: opts.windowSeconds,
          })
        : new RateLimiterMemory({ keyPrefix: `${opts.name}:${suffix}`, points, duration: opts.windowSeconds });
    // The points only bound the counters; decisions are made on consumedPoints below.
    this.bySource = make('source', 1_000_000);
    this.byAccount = make('account', 1_000_000);
  }

  /**
   * Before an attempt: 429 when this source has failed too often at this account; otherwise
   * waits as long as the account's recent failures from everywhere ask for.
   */
  async before(account: string, source: string): Promise<void> {
    const [mine, all] = await Promise.all([this.bySource.get(`${account}|${source}`), this.byAccount.get(account)]);
    if (mine && mine.consumedPoints >= this.opts.perSource) throw tooManyRequests(mine.msBeforeNext / 1000);
    const over = (all?.consumedPoints ?? 0) - this.opts.slowAfter;
    if (over > 0) await this.sleep(Math.min(over * (this.opts.stepMs ?? 250), this.opts.maxDelayMs ?? 2_000));
  }

  /** A wrong answer: counts against this source at this account, and against the account. */
  async failed(account: string, source: string): Promise<void> {
    await Promise.all([this.bySource.penalty(`${account}|${source}`), this.byAccount.penalty(account)]);
  }

  /** The right answer: this source starts afresh at this account. */
  async succeeded(account: string, source: string): Promise<void> {
    await this.bySource.delete(`${account}|${source}`);
  }

  /**
   * Runs one attempt between `before` and `failed`/`succeeded`. `isFailure` tells a wrong
   * answer (count it) from any other error (do not).
   */
  async attempt<T>(account: string, source: string, isFailure: (err: unknown) => boolean, fn: () => Promise<T>) {
    await this.before(account, source);
    try {
      const result = await fn();
      await this.succeeded(account, source);
      return result;
    } catch (err) {
      if (isFailure(err)) await this.failed(account, source);
      throw err;
    }
  }
}
