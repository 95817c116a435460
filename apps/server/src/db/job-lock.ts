import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect.js';

/**
 * Runs `work` unless another run of the job `name` is under way, in any process: on PostgreSQL
 * a session advisory lock, keyed by the schema and the job's name, held on one pooled connection
 * for the run (every API node may start the job; one runs it, the others skip this round); on
 * SQLite, which one process serves, a flag in this process. Resolves to `work`'s result, or
 * undefined when it was skipped.
 */
export async function runAlone<DB, T>(db: Kysely<DB>, name: string, work: () => Promise<T>): Promise<T | undefined> {
  if (dialectOf(db) !== 'postgres') {
    if (running.has(name)) return undefined;
    running.add(name);
    try {
      return await work();
    } finally {
      running.delete(name);
    }
  }
  // Advisory locks are the database's, not the schema's: apps in other schemas keep their own.
  const key = sql`hashtext(current_schema()), hashtext(${name})`;
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${key}) as got`.execute(conn);
    if (!rows[0]?.got) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

const running = new Set<string>();
