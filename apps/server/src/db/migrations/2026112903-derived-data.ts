import type { Kysely } from 'kysely';
import { createCountTriggers, dropCountTriggers } from './2026112309-post-counts.js';
import { createRollupTriggers, dropRollupTriggers } from './2026112812-portfolio-settings.js';

/**
 * Derived data by one pattern (ADR 0038): the module that owns a count keeps it in the
 * transaction of the write, through Kysely, on both databases alike. Drops the triggers that did
 * it in two dialects:
 * - `team_post_counts` (migration 2026112309): the posts module counts every post it writes and
 *   deletes (`insertPost`, `deletePost`), for every module;
 * - the portfolio's rollups `team_activity_days` and `team_member_activity` (migration 2026112812):
 *   the portfolio's `portfolioActivity`, told by the posts, engagement and check-ins modules;
 * - `checkins.responses_count`, `prompts.answers_count` (migration 2026112812): recounted by the
 *   check-ins and prompts modules from the answers, under the check-in's or prompt's row lock.
 * They are exact when this runs (the triggers kept them up to here), so nothing is refilled.
 * The timeline version's triggers (migrations 2026112505, 2026112810) stay: a version that a
 * cached page is checked against must move with any write, in its own transaction.
 *
 * Down puts the triggers back as those migrations made them (their own functions).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await dropCountTriggers(db);
  await dropRollupTriggers(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await createRollupTriggers(db);
  await createCountTriggers(db);
}
