import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { runAlone } from '../db/job-lock.js';
import type { Database } from '../db/schema.js';

/** A periodic job: resolves to how much it did (logged when > 0), or nothing. */
export type JobRun = () => Promise<number | void>;

export interface JobOptions {
  /** Run once at start as well, not only after the first interval. */
  atStart?: boolean;
  /** The log line when a run did something (`{ job, done: n }` beside it). */
  didWork?: string;
}

/** The one way a module runs periodic work (ADR 0025). */
export interface Scheduler {
  /**
   * Runs `run` every `ms` in this process, under the job lock `job:<name>` (one run at a time
   * across processes on PostgreSQL; the others skip that round). The next run is timed from the
   * end of the last, so a run never overlaps itself.
   */
  every(name: string, ms: number, run: JobRun, options?: JobOptions): void;
  /** Stops every timer and waits for the runs under way (app close). */
  stop(): Promise<void>;
}

export interface SchedulerDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** False in tests that run the jobs themselves: `every` only records the job. */
  enabled?: boolean;
}

interface Job {
  name: string;
  ms: number;
  run: JobRun;
  options: JobOptions;
  timer?: ReturnType<typeof setTimeout> | undefined;
  running?: Promise<void> | undefined;
  /** Failures in a row: only the first is logged with its stack. */
  failures: number;
}

export function createScheduler({ db, log, enabled = true }: SchedulerDeps): Scheduler {
  const jobs = new Map<string, Job>();
  let stopped = false;

  const tick = async (job: Job): Promise<void> => {
    try {
      const done = await runAlone(db, `job:${job.name}`, job.run);
      if (job.failures > 0) log.info({ job: job.name, failures: job.failures }, 'job recovered');
      job.failures = 0;
      if (typeof done === 'number' && done > 0) log.info({ job: job.name, done }, job.options.didWork ?? 'job done');
    } catch (err) {
      job.failures++;
      // A job failing every minute (the database is down) must not print a stack a minute.
      if (job.failures === 1) log.error({ err, job: job.name }, 'job failed');
      else
        log.warn(
          { job: job.name, failures: job.failures, reason: err instanceof Error ? err.message : String(err) },
          'job failed again',
        );
    }
  };

  const arm = (job: Job, delay: number): void => {
    if (stopped) return;
    job.timer = setTimeout(() => {
      job.timer = undefined;
      job.running = tick(job).finally(() => {
        job.running = undefined;
        arm(job, job.ms);
      });
    }, delay);
    job.timer.unref?.();
  };

  return {
    every(name, ms, run, options = {}) {
      if (jobs.has(name)) throw new Error(`job ${name} is scheduled already`);
      const job: Job = { name, ms, run, options, failures: 0 };
      jobs.set(name, job);
      if (enabled) arm(job, options.atStart ? 0 : ms);
    },
    async stop() {
      stopped = true;
      for (const job of jobs.values()) clearTimeout(job.timer);
      await Promise.all([...jobs.values()].flatMap((job) => (job.running ? [job.running] : [])));
    },
  };
}
