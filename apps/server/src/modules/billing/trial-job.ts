import type { FastifyBaseLogger } from 'fastify';
import type { BillingService } from './service.js';

/**
 * In-process schedule of the trial expiry. The job is one idempotent UPDATE, so running it on
 * every API node is safe; no lock or queue is needed for it.
 */
export function scheduleTrialExpiry(billing: BillingService, log: FastifyBaseLogger, everyMs = 60_000): () => void {
  const run = () => {
    billing.expireTrials().then(
      (n) => n > 0 && log.info({ moved: n }, 'expired trials moved to the Member plan'),
      (err: unknown) => log.error({ err }, 'trial expiry failed'),
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
