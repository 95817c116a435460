import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect.js';

/**
 * The event log (ADR 0024): what happened, written in the same transaction as the change it
 * describes, then handed to its consumers by the dispatcher (events/dispatcher.ts).
 * - `events`: one row per event; `payload` the JSON of the event; `team_id` for per-team reads
 *   and operations (no foreign key: the log outlives a purged team until it is pruned).
 * - `event_consumers`: how far each durable consumer got (`last_event_id`), so a restarted
 *   process resumes where the last one stopped; on SQLite, which has no advisory locks, the
 *   process running it holds a lease (`leased_by` until `leased_until`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('events'), dialectOf(db))
    .addColumn('team_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_created_at').on('events').column('created_at').execute();
  await db.schema
    .createTable('event_consumers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_event_id', 'integer', (c) => c.notNull())
    .addColumn('leased_by', 'text')
    .addColumn('leased_until', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_consumers').execute();
  await db.schema.dropTable('events').execute();
}
