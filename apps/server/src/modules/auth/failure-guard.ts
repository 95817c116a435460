import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../http/errors.js';

/**
 * Counts failed attempts at a secret (a password, a one-time code) the way OWASP advises: per
 * account AND source together, so an attacker's failures limit the attacker, never the owner
 * who comes from elsewhere. Across all sources an account under attack is either slowed down
 * (each attempt waits a little longer; one-time codes, which die after a few tries anyway) or,
 * with `lock`, guarded: past a number of failures from anywhere no attempt is evaluated until
 * the window ends, and every attempt gets the same answer (passwords, ADR 0021).
 * Counters live in Redis when configured, so every API node counts together.
 */
export interface FailureGuardOptions {
  name: string;
  redis?: Redis | undefined;
  /** Starts its Redis keys: the app's rate-limit namespace (test apps sharing a Redis keep theirs apart). */
  keyPrefix?: string;
  /** Failures from one source at one account before that source gets 429 (for `windowSeconds`). */
  perSource: number;
  /** Failures at one account, from anywhere, before attempts are slowed down (without `lock`). */
  slowAfter: number;
  windowSeconds: number;
  /** Extra wait per failure past `slowAfter`, and its cap. */
  stepMs?: number;
  maxDelayMs?: number;
  /**
   * Guards the account instead of slowing it: at most `afterFailures` attempts that did not
   * succeed are evaluated per `windowSeconds` (each claimed before it runs, so parallel guesses
   * count too; a success gives its claim back). Past that, `refusal` is the answer to all.
   */
  lock?: { afterFailures: number; windowSeconds: number; refusal: (retryAfterSeconds: number) => Error };
  /** Failures from one source at any account before that source gets 429 (successes never count). */
  perIp?: { max: number; windowSeconds: number };
}

export class FailureGuard {
  private readonly bySource: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract | undefined;

  constructor(
    private readonly opts: FailureGuardOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    const make = (suffix: string, points: number, duration: number) =>
      opts.redis
        ? new RateLimiterRedis({
            storeClient: opts.redis,
            keyPrefix: `${opts.keyPrefix ?? 'rally-'}fail:${opts.name}:${suffix}`,
            points,
            duration,
          })
        : new RateLimiterMemory({ keyPrefix: `${opts.name}:${suffix}`, points, duration });
    // These points only bound the counters; decisions are made on consumedPoints below.
    this.bySource = make('source', 1_000_000, opts.windowSeconds);
    this.byAccount = opts.lock
      ? make('account-lock', opts.lock.afterFailures, opts.lock.windowSeconds)
      : make('account', 1_000_000, opts.windowSeconds);
    this.byIp = opts.perIp && make('ip', 1_000_000, opts.perIp.windowSeconds);
  }

  /**
   * Before an attempt: 429 when this source has failed too often at this account (or anywhere,
   * with `perIp`); otherwise waits as long as the account's recent failures from everywhere ask
   * for (without `lock`).
   */
  async before(account: string, source: string): Promise<void> {
    const [mine, fromIp, all] = await Promise.all([
      this.bySource.get(`${account}|${source}`),
      this.byIp?.get(source),
      this.opts.lock ? undefined : this.byAccount.get(account),
    ]);
    if (mine && mine.consumedPoints >= this.opts.perSource) throw tooManyRequests(mine.msBeforeNext / 1000);
    if (fromIp && this.opts.perIp && fromIp.consumedPoints >= this.opts.perIp.max)
      throw tooManyRequests(fromIp.msBeforeNext / 1000);
    const over = (all?.consumedPoints ?? 0) - this.opts.slowAfter;
    if (over > 0) await this.sleep(Math.min(over * (this.opts.stepMs ?? 250), this.opts.maxDelayMs ?? 2_000));
  }

  /**
   * With `lock`: claims one of the account's evaluations of this window, or answers the refusal
   * when none is left. Claiming before the check means parallel guesses cannot get more.
   */
  private async claim(account: string): Promise<void> {
    const { lock } = this.opts;
    if (!lock) return;
    try {
      await this.byAccount.consume(account);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw lock.refusal(res.msBeforeNext / 1000);
      throw res;
    }
  }

  /** A wrong answer: counts against this source at this account (and anywhere), and against the account. */
  async failed(account: string, source: string): Promise<void> {
    await Promise.all([
      this.bySource.penalty(`${account}|${source}`),
      this.byIp?.penalty(source),
      // With `lock` the claim already counted it.
      this.opts.lock ? undefined : this.byAccount.penalty(account),
    ]);
  }

  /** The right answer: this source starts afresh at this account. */
  async succeeded(account: string, source: string): Promise<void> {
    await this.bySource.delete(`${account}|${source}`);
  }

  /**
   * Runs one attempt between `before` and `failed`/`succeeded`. `isFailure` tells a wrong
   * answer (count it) from any other outcome (do not; with `lock`, its claim is given back).
   */
  async attempt<T>(account: string, source: string, isFailure: (err: unknown) => boolean, fn: () => Promise<T>) {
    await this.before(account, source);
    await this.claim(account);
    try {
      const result = await fn();
      await Promise.all([this.succeeded(account, source), this.giveBack(account)]);
      return result;
    } catch (err) {
      if (isFailure(err)) await this.failed(account, source);
      else await this.giveBack(account);
      throw err;
    }
  }

  private async giveBack(account: string): Promise<void> {
    if (this.opts.lock) await this.byAccount.reward(account);
  }
}
