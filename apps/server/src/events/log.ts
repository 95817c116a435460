import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Database, Executor } from '../db/schema.js';
import type { AppEvent } from './types.js';

/** The channel the event log notifies on (PostgreSQL); the payload is the schema. */
export const EVENTS_CHANNEL = 'rally_events';

/** An event this process recorded, with its id in the log. */
export interface RecordedEvent {
  id: number;
  event: AppEvent;
}
type CommittedSink = (events: readonly RecordedEvent[]) => void;

/** The events each open transaction of `transact` has recorded, handed on after its commit. */
const recording = new WeakMap<Transaction<Database>, RecordedEvent[]>();
/** Work to start once each open transaction of `transact` has committed (`afterCommit`). */
const commitHooks = new WeakMap<Transaction<Database>, (() => void)[]>();
/** Where each database's committed events go in this process (`events/tail.ts`). */
const committedSinks = new WeakMap<Kysely<Database>, Set<CommittedSink>>();
/** The database each open transaction of `transact` belongs to. */
const databases = new WeakMap<Transaction<Database>, Kysely<Database>>();
/** Work each database queues in a transaction when it records its first event (`onEventsRecorded`). */
const recordedHooks = new WeakMap<Kysely<Database>, (trx: Transaction<Database>) => Promise<void>>();

/**
 * Runs `hook` in every transaction of `transact` on `db` that records events, once, after its
 * first event: the event consumers queue their drains there (events/consumers.ts).
 */
export function onEventsRecorded(db: Kysely<Database>, hook: (trx: Transaction<Database>) => Promise<void>): void {
  recordedHooks.set(db, hook);
}

/** Tells `sink`, right after each commit of `transact` on `db`, the events that transaction recorded. */
export function onCommittedEvents(db: Kysely<Database>, sink: CommittedSink): () => void {
  let sinks = committedSinks.get(db);
  if (!sinks) committedSinks.set(db, (sinks = new Set()));
  sinks.add(sink);
  return () => sinks.delete(sink);
}

/**
 * Runs `work` in a transaction of `db`. Every write of the app goes through here: the events it
 * records are handed to this process's kept reads (evicted sessions, team cards) and to the
 * dispatcher as soon as it commits, before the writer's answer goes out, so the writer's next
 * request sees its own write. A rollback hands on nothing.
 */
export async function transact<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const recorded: RecordedEvent[] = [];
  const hooks: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    recording.set(trx, recorded);
    commitHooks.set(trx, hooks);
    databases.set(trx, db);
    return work(trx);
  });
  if (recorded.length) for (const sink of committedSinks.get(db) ?? []) sink(recorded);
  for (const hook of hooks) hook();
  return result;
}

/**
 * Runs `hook` once what `ex` wrote has committed: after the commit of a transaction of
 * `transact`, at once for a plain connection (its statements commit as they run). Nothing runs
 * after a rollback. For waking in-process work a write queued (a media job), never for the
 * write itself.
 */
export function afterCommit(ex: Kysely<Database> | Transaction<Database>, hook: () => void): void {
  const hooks = ex.isTransaction ? commitHooks.get(ex as Transaction<Database>) : undefined;
  if (hooks) hooks.push(hook);
  else if (ex.isTransaction) throw new Error('afterCommit() in a transaction outside transact()');
  else hook();
}

/**
 * Records `event` in the event log as part of `trx` (a transaction of `transact`): it exists if
 * and only if the write it describes committed. This process hears of it when `trx` commits
 * (`transact`), the others at their next read of the log: at once on PostgreSQL from the
 * `pg_notify` sent here, which PostgreSQL delivers at commit, otherwise by their poll.
 *
 * On PostgreSQL ids come from a sequence, so two transactions could commit out of id order and a
 * consumer that read the later one first would skip the earlier for ever. A transaction-level
 * advisory lock taken before the insert and held to the commit makes transactions that record
 * events commit in id order (they serialise from their first event to their commit, which is short).
 * So record events LAST in a transaction, after every other write: a transaction that held the
 * lock while it waited for another's row lock could deadlock with it.
 */
export async function recordEvent(trx: Transaction<Database>, event: AppEvent): Promise<void> {
  const recorded = recording.get(trx);
  if (!recorded) throw new Error(`recordEvent(${event.type}) outside transact(): this process would not hear of it`);
  const postgres = dialectOf<Database>(trx) === 'postgres';
  if (postgres)
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()), hashtext('rally-events'))`.execute(trx);
  const { id } = await trx
    .insertInto('events')
    .values({
      team_id: event.team_id,
      type: event.type,
      payload: JSON.stringify(event),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (postgres) await sql`select pg_notify(${EVENTS_CHANNEL}, current_schema())`.execute(trx);
  recorded.push({ id: Number(id), event });
  if (recorded.length === 1) {
    const db = databases.get(trx);
    const hook = db && recordedHooks.get(db);
    if (hook) await hook(trx);
  }
}

/**
 * Deletes a team's events from the log as part of `ex`: the team's purge (ADR 0019) erases them
 * with it, since the log has no foreign key to cascade.
 */
export async function forgetTeamEvents(ex: Executor, teamId: number): Promise<void> {
  await ex.deleteFrom('events').where('team_id', '=', teamId).execute();
}
