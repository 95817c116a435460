import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { SecurityMessages } from '@rally/contract';
import { AppError } from '../../http/errors.js';
import { DAY, HOUR } from '../../lib/clock.js';

export interface InviteCapOptions {
  perHour: number;
  perDay: number;
  /** Shared by every API node when given. */
  redis?: Redis | undefined;
  /** Keeps the counters of one Rally (or one test app) apart in a shared Redis. */
  keyPrefix: string;
}

const inviteCapReached = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, 'invite_limit_reached', SecurityMessages.inviteCapReached(seconds), undefined, {
    'retry-after': String(seconds),
  });
};

/**
 * How many invitation mails one user may cause an hour and a day, across all teams (ADR 0021):
 * a free account must not be a way to mail strangers by the thousand. A call takes all of its
 * mails at once or none (429, nothing sent), so no call is half sent.
 */
export class InviteCap {
  private readonly windows: RateLimiterAbstract[];

  constructor({ perHour, perDay, redis, keyPrefix }: InviteCapOptions) {
    const make = (name: string, points: number, ms: number) =>
      redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${keyPrefix}invite-cap:${name}`,
            points,
            duration: ms / 1000,
          })
        : new RateLimiterMemory({ keyPrefix: `invite-cap:${name}`, points, duration: ms / 1000 });
    this.windows = [make('hour', perHour, HOUR), make('day', perDay, DAY)];
  }

  /** Takes `mails` from the user's allowance, or throws the 429 and takes nothing. */
  async take(userId: number, mails: number): Promise<void> {
    if (mails <= 0) return;
    const key = String(userId);
    const taken: RateLimiterAbstract[] = [];
    for (const window of this.windows) {
      try {
        await window.consume(key, mails);
        taken.push(window);
      } catch (res) {
        // A refused consume has counted its points too: give back everything this call took.
        if (res instanceof RateLimiterRes) taken.push(window);
        await Promise.all(taken.map((w) => w.reward(key, mails)));
        throw res instanceof RateLimiterRes ? inviteCapReached(res.msBeforeNext / 1000) : res;
      }
    }
  }

  /** Gives back what `take` took, when the invitations it was for were not made after all. */
  async giveBack(userId: number, mails: number): Promise<void> {
    if (mails > 0) await Promise.all(this.windows.map((w) => w.reward(String(userId), mails)));
  }
}
