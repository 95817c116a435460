import type { Scheduler } from '../../queue/work-queue.js';
import { attentionJob, type AttentionJobDeps } from './attention-job.js';
import { digestJob, type DigestJobDeps } from './digest-job.js';

export type PortfolioJobsDeps = AttentionJobDeps & DigestJobDeps;

/**
 * The portfolio's jobs (issue 26, ADR 0037), every `everyMs` (PORTFOLIO_JOBS_EVERY_MS): the
 * "needs attention" notifications and the weekly digest. Each is idempotent and claims what it
 * sends in the database; the scheduler's job lock keeps a round to one process.
 */
export function registerPortfolioJobs(scheduler: Scheduler, deps: PortfolioJobsDeps, everyMs: number): void {
  scheduler.every('portfolio.attention', everyMs, attentionJob(deps), {
    didWork: 'coaches told of teams that need attention',
  });
  scheduler.every('portfolio.digest', everyMs, digestJob(deps), { didWork: 'weekly portfolio digests queued' });
}
