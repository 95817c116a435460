import type { Kysely } from 'kysely';
import { down as dropAnnouncements, up as announce } from './2026112506-table-change-notify.js';

/**
 * PostgreSQL: drops migration 2026112506's statement triggers and their function. The team cards
 * cache hears the app's events instead (ADR 0026): nothing listens on `rally_table_changes` any
 * more, and each write to a card table no longer pays for a notification. Down puts them back
 * as they were: both are that migration's own steps, run the other way round.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await dropAnnouncements(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await announce(db);
}
