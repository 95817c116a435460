import { sql, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import type { Database, Executor, JobsTable } from '../db/schema.js';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  queue: string;
  payload: unknown;
  key?: string | null | undefined;
  runAt: string;
}

/**
 * The statements of the work queue (ADR 0039). Each state change is one conditional statement,
 * so whichever process's statement changes a row owns that step, and a late answer from a run
 * that lost its lease changes nothing.
 */
export class JobsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Queues jobs as part of `ex`. A keyed job already queued is not queued again (the queued one
   * will do the same work), which makes waking a consumer cheap to repeat.
   */
  async insert(ex: Executor, jobs: readonly NewJob[], now: string): Promise<void> {
    if (jobs.length === 0) return;
    await ex
      .insertInto('jobs')
      .values(
        jobs.map((job) => ({
          queue: job.queue,
          key: job.key ?? null,
          payload: JSON.stringify(job.payload ?? null),
          state: 'queued' as const,
          attempts: 0,
          run_at: job.runAt,
          created_at: now,
        })),
      )
      // The conflict target names the partial index by its predicate, as a literal (a bound value
      // would not match it).
      .onConflict((oc) => oc.column('key').where('state', '=', sql.lit('queued')).doNothing())
      .execute();
  }

  /** How many jobs of each queue are claimable at `now`, and when the next delayed one is due. */
  async due(now: string): Promise<{ counts: Map<string, number>; next: string | undefined }> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['queue', (eb) => eb.fn.countAll<number>().as('n')])
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('leased_until', '<', now)]),
        ]),
      )
      .groupBy('queue')
      .execute();
    const next = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('run_at').as('at'))
      .where('state', '=', 'queued')
      .where('run_at', '>', now)
      .executeTakeFirst();
    return { counts: new Map(rows.map((r) => [r.queue, Number(r.n)])), next: next?.at ?? undefined };
  }

  /**
   * Claims up to `limit` jobs of `queue` for `holder`: queued ones that are due, and running ones
   * whose lease lapsed (their process died), oldest due first, each attempt counted. A keyed job
   * waits while another job of its key runs.
   */
  async claim(queue: string, holder: string, limit: number, now: string, leaseUntil: string): Promise<JobRow[]> {
    // A lapsed run whose key has a queued job is dropped: the queued one does the same work,
    // and two rows of one key may not both run.
    await this.db
      .deleteFrom('jobs')
      .where('queue', '=', queue)
      .where('state', '=', 'running')
      .where('leased_until', '<', now)
      .where('key', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('jobs as q').select('q.id').whereRef('q.key', '=', 'jobs.key').where('q.state', '=', 'queued'),
        ),
      )
      .execute();
    let candidates = this.db
      .selectFrom('jobs as j')
      .select('j.id')
      .where('j.queue', '=', queue)
      .where((eb) =>
        eb.or([
          eb.and([eb('j.state', '=', 'queued'), eb('j.run_at', '<=', now)]),
          eb.and([eb('j.state', '=', 'running'), eb('j.leased_until', '<', now)]),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('j.key', 'is', null),
          eb('j.state', '=', 'running'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('jobs as r')
                .select('r.id')
                .whereRef('r.key', '=', 'j.key')
                .where('r.state', '=', 'running'),
            ),
          ),
        ]),
      )
      .orderBy('j.run_at')
      .orderBy('j.id')
      .limit(limit);
    // Other processes claiming at the same time pass over the rows this one is taking.
    if (this.dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        leased_by: holder,
        leased_until: leaseUntil,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', candidates)
      .returningAll()
      .execute();
  }

  /** Extends the lease of a run this holder still has; false when it lost it. */
  async renew(id: number, holder: string, leaseUntil: string): Promise<boolean> {
    const result = await this.own(id, holder).set({ leased_until: leaseUntil }).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The run is done: the row goes. False when the lease was lost meanwhile (another has it). */
  async finish(ex: Executor, id: number, holder: string): Promise<boolean> {
    const result = await ex
      .deleteFrom('jobs')
      .where('id', '=', id)
      .where('leased_by', '=', holder)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The attempt failed; the job is due again at `runAt`. */
  async retry(id: number, holder: string, error: string, runAt: string): Promise<void> {
    await this.own(id, holder)
      .set({ state: 'queued', run_at: runAt, leased_by: null, leased_until: null, last_error: error })
      .execute();
  }

  /** The run was stopped by a shutdown: the job is due again at once, its attempt given back. */
  async handBack(id: number, holder: string, now: string): Promise<void> {
    await this.own(id, holder)
      .set((eb) => ({
        state: 'queued',
        run_at: now,
        leased_by: null,
        leased_until: null,
        attempts: eb('attempts', '-', 1),
      }))
      .execute();
  }

  /**
   * No attempt follows: the row stays, failed, to be listed and retried by hand. Part of `ex`;
   * false when the lease was lost meanwhile (another has it).
   */
  async fail(ex: Executor, id: number, holder: string, error: string, now: string): Promise<boolean> {
    const result = await this.own(id, holder, ex)
      .set({ state: 'failed', leased_by: null, leased_until: null, last_error: error, finished_at: now })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Failed jobs, newest first; of one queue when given. */
  failed(queue?: string, limit = 100): Promise<JobRow[]> {
    let query = this.db.selectFrom('jobs').selectAll().where('state', '=', 'failed');
    if (queue) query = query.where('queue', '=', queue);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Queues a failed job again, due at `now` with its attempts reset; false if it is not failed. */
  async requeue(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ state: 'queued', run_at: now, attempts: 0, finished_at: null })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether a job of these queues is claimable at `now`: queued and due, or running on a lapsed lease. */
  async busy(queues: readonly string[], now: string): Promise<boolean> {
    if (queues.length === 0) return false;
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('queue', 'in', queues)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('leased_until', '<', now)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A keyed job's row, queued or running (periodic jobs: is the chain alive?). */
  async keyed(key: string): Promise<JobRow[]> {
    return this.db.selectFrom('jobs').selectAll().where('key', '=', key).where('state', '!=', 'failed').execute();
  }

  /** The number of queued jobs per queue and the oldest one's due time (operators, metrics). */
  async depth(): Promise<{ queue: string; queued: number; oldest: string | null }[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['queue', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('run_at').as('oldest')])
      .where('state', '=', 'queued')
      .groupBy('queue')
      .execute();
    return rows.map((r) => ({ queue: r.queue, queued: Number(r.n), oldest: r.oldest ?? null }));
  }

  private own(id: number, holder: string, ex: Executor = this.db) {
    return ex.updateTable('jobs').where('id', '=', id).where('leased_by', '=', holder).where('state', '=', 'running');
  }

  /** PostgreSQL: wakes every process's queue at this transaction's commit (delivered then, or never). */
  static notify(ex: Executor, channel: string) {
    return sql`select pg_notify(${channel}, current_schema())`.execute(ex);
  }
}
