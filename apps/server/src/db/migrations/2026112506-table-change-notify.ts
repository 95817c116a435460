import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/** What a team card shows is read from these (ADR 0018); their changes are announced. */
const ANNOUNCED = ['teams', 'team_members', 'users', 'subscriptions', 'topics'];

/**
 * PostgreSQL: a statement trigger on each announced table sends `pg_notify('rally_table_changes',
 * '<schema>.<table>')`. PostgreSQL delivers it when the transaction commits (never on rollback,
 * once per transaction however many rows or statements), to every process listening — whoever
 * wrote: this app, a script, a cascade from another table. Each API process's team-card cache
 * (table-version.ts) hears it. SQLite needs nothing: other connections' commits show in
 * `PRAGMA data_version`. Dropped by 2026112720: the cache hears the app's events instead (ADR 0026).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of ANNOUNCED) await sql.raw(`drop trigger ${table}_announce on ${table}`).execute(db);
  await sql`drop function rally_table_changed()`.execute(db);
}
