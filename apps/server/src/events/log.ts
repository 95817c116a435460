import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { AppEvent } from './types.js';

/** The channel the event log notifies on (PostgreSQL); the payload is the schema. */
export const EVENTS_CHANNEL = 'rally_events';

/**
 * Records `event` in the event log as part of `trx`: it exists if and only if the write it
 * describes committed. The dispatcher hears of it when `trx` commits: in this process from the
 * driver's commit, in the others (PostgreSQL) from the `pg_notify` sent here, which PostgreSQL
 * delivers at commit; otherwise by its poll.
 *
 * On PostgreSQL ids come from a sequence, so two transactions could commit out of id order and a
 * consumer that read the later one first would skip the earlier for ever. A transaction-level
 * advisory lock taken before the insert and held to the commit makes transactions that record
 * events commit in id order (they serialise from their first event to their commit, which is short).
 * So record events LAST in a transaction, after every other write: a transaction that held the
 * lock while it waited for another's row lock could deadlock with it.
 */
export async function recordEvent(trx: Transaction<Database>, event: AppEvent): Promise<void> {
  const postgres = dialectOf<Database>(trx) === 'postgres';
  if (postgres)
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()), hashtext('rally-events'))`.execute(trx);
  await trx
    .insertInto('events')
    .values({
      team_id: event.team_id,
      type: event.type,
      payload: JSON.stringify(event),
      created_at: new Date().toISOString(),
    })
    .execute();
  if (postgres) await sql`select pg_notify(${EVENTS_CHANNEL}, current_schema())`.execute(trx);
}
