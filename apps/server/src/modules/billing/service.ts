import { ACTION_BY_SYSTEM, isCoach } from '@rally/contract';
import type { Executor, SubscriptionRow } from '../../db/schema.js';
import { DAY, isoAfter } from '../../lib/clock.js';
import { presentSubscription } from './presenter.js';
import { subscriptionValues, type BillingRepository } from './repository.js';

export class BillingService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly trialDays: number,
  ) {}

  /** Every new account starts a Coach trial (decisions.md). */
  startTrial(userId: number, ex?: Executor): Promise<void> {
    return this.repo.createTrial(userId, isoAfter(this.trialDays * DAY), ex);
  }

  /** The user's subscription; an account without one is on the Member plan. */
  async subscriptionOf(userId: number): Promise<SubscriptionRow> {
    const row = await this.repo.findByUser(userId);
    return row ?? { id: 0, ...subscriptionValues(userId) };
  }

  /**
   * Premium, active or trialing (spec §6): may create engagements and invite. The contract's
   * `isCoach` decides, so a trial past its end counts as over before the expiry job has run.
   */
  async isCoach(userId: number, now: Date = new Date()): Promise<boolean> {
    return isCoach(presentSubscription(await this.subscriptionOf(userId), now), now);
  }

  /** The scheduled job: ended trials without a payment method move to the Member plan. */
  expireTrials(now: Date = new Date()): Promise<number> {
    return this.repo.expireTrials(now.toISOString(), ACTION_BY_SYSTEM);
  }
}
