import { sql, type Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect.js';

/**
 * The one durable work queue (issue 32, ADR 0039): every piece of work that runs after a write or
 * on a schedule is a row here, enqueued in the write's transaction, so it exists if and only if
 * the write committed. A process claims a row with a lease (`leased_by`, `leased_until`) that it
 * renews while the work runs; a row whose lease lapsed (its process died) is claimed again. Done
 * rows are deleted; failed ones stay (`state = 'failed'`, `last_error`) to be listed and retried.
 *
 * `key` names a job that must not be queued twice nor run twice at once (an event consumer's
 * drain, a periodic job): at most one queued and at most one running row per key.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('jobs'), dialectOf(db))
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('key', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('leased_by', 'text')
    .addColumn('leased_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // Claims look for queued jobs that are due, and running ones whose lease lapsed.
  await db.schema.createIndex('jobs_claimable').on('jobs').columns(['state', 'run_at']).execute();
  await sql`create unique index jobs_queued_key on jobs (key) where state = 'queued'`.execute(db);
  await sql`create unique index jobs_running_key on jobs (key) where state = 'running'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
