import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect.js';

/**
 * Runs `work` unless another run of the job `name` is under way, in any process; resolves to
 * `work`'s result, or undefined when it was skipped (another process runs this round).
 *
 * PostgreSQL: a transaction-level advisory lock (`pg_try_advisory_xact_lock`), keyed by the schema
 * and the job's name, taken by a transaction kept open for the run. A transaction-pooling
 * PgBouncer keeps a transaction on one server connection, so the lock cannot be taken on one
 * server connection and released (or leaked) on another as a session lock could. The transaction
 * ends with the run: committed when `work` resolves, rolled back when it throws, and dropped with
 * its connection when the process dies, each of which releases the lock.
 * SQLite, which one process serves: a flag in this process.
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
  return db.transaction().execute(async (trx) => {
    // Advisory locks are the database's, not the schema's: apps in other schemas keep their own.
    const { rows } = await sql<{ got: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(current_schema()), hashtext(${name})) as got`.execute(trx);
    if (!rows[0]?.got) return undefined;
    // The transaction only holds the lock: `work` runs its queries on other pooled connections
    // (its own transactions commit as they go), never in this one. It stays idle in transaction
    // for the run, without a transaction id or snapshot, so it holds back no vacuum.
    return work();
  });
}

const running = new Set<string>();
