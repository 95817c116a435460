import type { Kysely } from 'kysely';
import { up as createMediaJobs } from './2026112801-media-jobs.js';

/**
 * Media conversion becomes a queue of the work queue (issue 32; ADR 0027's amendment, ADR 0039):
 * the conversions still to do in `media_jobs` (queued, or running in a process of the previous
 * version) move to `jobs` as `media.convert` jobs keyed `media:<upload key>`, due at once; failed
 * ones move as failed jobs, to be listed and retried as any other. Done ones are dropped, and
 * `media_jobs` with them.
 */

/** The queue and its job key as modules/media/conversion.ts names them (migrations never import app code). */
const QUEUE = 'media.convert';
const keyOf = (sourceKey: string) => `media:${sourceKey}`;
const BATCH = 500;

interface MediaJob {
  source_key: string;
  team_id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  available_at: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const rows = (await db
    .selectFrom('media_jobs')
    .select(['source_key', 'team_id', 'state', 'attempts', 'available_at', 'error', 'created_at', 'updated_at'])
    .where('state', 'in', ['queued', 'running', 'failed'])
    .orderBy('id')
    .execute()) as MediaJob[];
  const jobs = rows.map((row) => ({
    queue: QUEUE,
    key: keyOf(row.source_key),
    payload: JSON.stringify({ source_key: row.source_key, team_id: row.team_id }),
    // A running one's process is of the previous version, whose bookkeeping has no table any
    // more: it is due again at once, its attempt counted as a crash's is.
    state: row.state === 'failed' ? 'failed' : 'queued',
    attempts: row.attempts,
    run_at: row.state === 'queued' ? row.available_at : now,
    leased_by: null,
    leased_until: null,
    last_error: row.error,
    created_at: row.created_at,
    finished_at: row.state === 'failed' ? row.updated_at : null,
  }));
  for (let i = 0; i < jobs.length; i += BATCH)
    await db
      .insertInto('jobs')
      .values(jobs.slice(i, i + BATCH))
      .execute();
  await db.schema.dropTable('media_jobs').execute();
}

/** Back to `media_jobs`: the `media.convert` jobs move back (a running one as queued, due at once). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await createMediaJobs(db);
  const now = new Date().toISOString();
  const jobs = (await db
    .selectFrom('jobs')
    .select(['payload', 'state', 'attempts', 'run_at', 'last_error', 'created_at', 'finished_at'])
    .where('queue', '=', QUEUE)
    .orderBy('id')
    .execute()) as {
    payload: string;
    state: 'queued' | 'running' | 'failed';
    attempts: number;
    run_at: string;
    last_error: string | null;
    created_at: string;
    finished_at: string | null;
  }[];
  const seen = new Set<string>();
  const rows = [];
  for (const job of jobs) {
    const { source_key, team_id } = JSON.parse(job.payload) as { source_key: string; team_id: number };
    // One row per upload there: a key queued again while it ran is one job.
    if (seen.has(source_key)) continue;
    seen.add(source_key);
    rows.push({
      source_key,
      team_id,
      state: job.state === 'failed' ? 'failed' : 'queued',
      attempts: job.attempts,
      lease_holder: null,
      lease_until: null,
      available_at: job.state === 'queued' ? job.run_at : now,
      error: job.last_error,
      created_at: job.created_at,
      updated_at: job.finished_at ?? now,
    });
  }
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('media_jobs')
      .values(rows.slice(i, i + BATCH))
      .execute();
  await db.deleteFrom('jobs').where('queue', '=', QUEUE).execute();
}
