import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/** The tables migration 2026112506 announced. */
const ANNOUNCED = ['teams', 'team_members', 'users', 'subscriptions', 'topics'];

/**
 * PostgreSQL: drops migration 2026112506's statement triggers and their function. The team cards
 * cache hears the app's events instead (ADR 0026): nothing listens on `rally_table_changes` any
 * more, and each write to a card table no longer pays for a notification. Down puts them back
 * as they were.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of ANNOUNCED) await sql.raw(`drop trigger if exists ${table}_announce on ${table}`).execute(db);
  await sql`drop function if exists rally_table_changed()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create function rally_table_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rally_table_changes', tg_table_schema || '.' || tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of ANNOUNCED)
    await sql
      .raw(
        `create trigger ${table}_announce after insert or update or delete or truncate on ${table}
         for each statement execute function rally_table_changed()`,
      )
      .execute(db);
}
