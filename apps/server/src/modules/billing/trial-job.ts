import type { Scheduler } from '../../queue/work-queue.js';
import type { BillingService } from './service.js';

/**
 * The trial expiry, every `everyMs` (TRIAL_EXPIRY_EVERY_MS) and at start. One idempotent UPDATE;
 * the scheduler's job lock keeps it to one process a round.
 */
export function registerTrialExpiry(scheduler: Scheduler, billing: BillingService, everyMs: number): void {
  scheduler.every('billing.trial-expiry', everyMs, () => billing.expireTrials(), {
    atStart: true,
    didWork: 'expired trials moved to the Member plan',
  });
}
