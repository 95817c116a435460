import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database, Executor, MediaJobRow } from '../../db/schema.js';

/** The media_jobs table (ADR 0027): queued with an upload's attachment, claimed with a lease. */
export class MediaJobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Queues the conversion of `key` inside `ex` (the attaching transaction); once per key. */
  async queue(ex: Executor, key: string, teamId: number, now: string): Promise<void> {
    await ex
      .insertInto('media_jobs')
      .values({
        source_key: key,
        team_id: teamId,
        state: 'queued',
        attempts: 0,
        available_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('source_key').doNothing())
      .execute();
  }

  /**
   * Takes the oldest job that is due (queued and available, or running under a lapsed lease) for
   * `holder` until `until`, counting an attempt: one statement, so two workers never take the same
   * job (PostgreSQL: a row another claim holds is skipped; SQLite: one writer at a time).
   */
  async claim(holder: string, now: string, until: string): Promise<MediaJobRow | undefined> {
    const due = (table: 'media_jobs' | 'candidate') =>
      sql<boolean>`((${sql.ref(`${table}.state`)} = 'queued' and ${sql.ref(`${table}.available_at`)} <= ${now})
        or (${sql.ref(`${table}.state`)} = 'running' and ${sql.ref(`${table}.lease_until`)} < ${now}))`;
    let next = this.db
      .selectFrom('media_jobs as candidate')
      .select('candidate.id')
      .where(due('candidate'))
      .orderBy('candidate.id')
      .limit(1);
    if (dialectOf(this.db) === 'postgres') next = next.forUpdate().skipLocked();
    return this.db
      .updateTable('media_jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb('attempts', '+', 1),
        lease_holder: holder,
        lease_until: until,
        updated_at: now,
      }))
      .where('id', '=', next)
      .where(due('media_jobs'))
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends `holder`'s lease of a running job; false when it is no longer theirs. */
  async renew(id: number, holder: string, until: string): Promise<boolean> {
    const res = await this.db
      .updateTable('media_jobs')
      .set({ lease_until: until })
      .where('id', '=', id)
      .where('lease_holder', '=', holder)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Ends `holder`'s run of a job: done or failed for good, or queued again (`available_at`), with
   * the attempt given back when it was stopped by a shutdown. False when the job is no longer
   * theirs (its lease lapsed and another worker took it).
   */
  async finish(
    ex: Executor,
    id: number,
    holder: string,
    outcome:
      | { state: 'done' | 'failed'; error: string | null; now: string }
      | { state: 'queued'; error: string | null; now: string; availableAt: string; giveBack: boolean },
  ): Promise<boolean> {
    const res = await ex
      .updateTable('media_jobs')
      .set((eb) => ({
        state: outcome.state,
        error: outcome.error,
        lease_holder: null,
        lease_until: null,
        updated_at: outcome.now,
        ...(outcome.state === 'queued'
          ? {
              available_at: outcome.availableAt,
              attempts: outcome.giveBack ? eb('attempts', '-', 1) : eb.ref('attempts'),
            }
          : {}),
      }))
      .where('id', '=', id)
      .where('lease_holder', '=', holder)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The jobs of keys (their uploads are being removed). */
  async deleteKeys(keys: readonly string[], ex: Executor = this.db): Promise<void> {
    if (keys.length) await ex.deleteFrom('media_jobs').where('source_key', 'in', keys).execute();
  }

  /** Whether a job is queued or running (tests wait for none). */
  async pending(): Promise<number> {
    const row = await this.db
      .selectFrom('media_jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
