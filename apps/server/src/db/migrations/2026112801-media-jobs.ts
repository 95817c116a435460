import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect.js';

/**
 * Conversion jobs of uploaded video and audio (issue 22, ADR 0027): one per upload key, queued in
 * the transaction that attaches the upload, so a job exists if and only if its attachment does.
 * A process's worker claims a job with a lease (`lease_holder`, `lease_until`) it renews while
 * ffmpeg runs; a job whose lease lapsed (its process died) is claimed again by another process
 * or after a restart. `available_at` spaces out the retries of a failed attempt.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('media_jobs'), dialectOf(db))
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    // No foreign key: the job goes with its upload row (UploadsRepository.deleteKeys), and a
    // team's uploads are removed after the team row.
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Claims look for queued jobs that are due, and running ones whose lease lapsed.
  await db.schema.createIndex('media_jobs_claimable').on('media_jobs').columns(['state', 'available_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_jobs').execute();
}
