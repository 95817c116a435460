import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { BackgroundQueue } from '../lib/background.js';
import type { AppEvent, LoggedEvent } from './types.js';

/**
 * A consumer of the event log. Durable: its progress is kept in `event_consumers`, and on
 * PostgreSQL one process at a time runs it (an advisory lock per consumer), so each event is
 * handled once by the cluster, at least once across crashes. `handle` must therefore be
 * idempotent or harmless when repeated; it is called in id order, one event at a time.
 */
export interface EventConsumer {
  name: string;
  handle(event: LoggedEvent): Promise<void>;
}

export interface EventDispatcherOptions {
  db: Db;
  log: FastifyBaseLogger;
  background: Pick<BackgroundQueue, 'run'>;
  consumers: EventConsumer[];
  /** Handed-out events older than this are deleted. */
  retentionHours: number;
  /** False: this process records events but hands none out (another process does). */
  dispatch: boolean;
}

/** Events read per query. */
const BATCH = 200;
/** How often handed-out events past their retention are pruned. */
const PRUNE_EVERY_MS = 10 * 60_000;
/** SQLite: how long a consumer's lease lasts unless renewed (a killed holder's lapses). */
const LEASE_MS = 15_000;

/**
 * Hands the event log to its consumers (docs/adr/0024-event-log.md). Woken by the process's
 * event tail (`events/tail.ts`): this process's commits that recorded events, other processes'
 * commits on PostgreSQL (LISTEN), and its poll, which alone is enough for correctness (SQLite
 * shared by processes, a pooler that does not pass notifications).
 * A run goes through the background queue, so `background.idle()` waits for it.
 */
export class EventDispatcher {
  private held = false;
  private closed = false;
  private lastPrune = 0;
  /** This process, as a lease holder (SQLite). */
  private readonly me = randomUUID();

  constructor(private readonly options: EventDispatcherOptions) {}

  /** Hands out what is waiting already; from then on the event tail wakes it. */
  start(): void {
    this.started = true;
    this.wake();
  }

  private started = false;

  /** Hands out what the log holds beyond each consumer's cursor (coalesced: one run at a time). */
  wake(): void {
    if (!this.options.dispatch || !this.started || this.held || this.closed) return;
    for (const consumer of this.options.consumers) this.run(consumer);
  }

  /**
   * One consumer's run, apart from the others': a slow consumer (notifications under a burst)
   * never holds up another (realtime). Woken while it runs, it reads again when done.
   */
  private run(consumer: EventConsumer): void {
    const state = this.state(consumer.name);
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    this.options.background.run(`events:${consumer.name}`, async () => {
      try {
        do {
          state.again = false;
          await this.alone(consumer.name, () => this.drain(consumer));
          // Inside the loop: a wake that comes while it prunes is read by the next round, not lost.
          if (!state.again) await this.pruneNowAndThen();
        } while (state.again && !this.held && !this.closed);
      } finally {
        state.running = false;
      }
    });
  }

  private readonly states = new Map<string, { running: boolean; again: boolean }>();

  private state(name: string): { running: boolean; again: boolean } {
    let state = this.states.get(name);
    if (!state) this.states.set(name, (state = { running: false, again: false }));
    return state;
  }

  /** Whether `hold` stopped the handing out. */
  get holding(): boolean {
    return this.held;
  }

  /** Tests: stop handing out (events keep being recorded) until `resume`. */
  hold(): void {
    this.held = true;
  }

  resume(): void {
    this.held = false;
    this.wake();
  }

  close(): void {
    this.closed = true;
  }

  /**
   * Runs `work` as the only runner of consumer `name` among every process of the database,
   * waiting for a run elsewhere to end (so an event committed meanwhile is not left to the poll).
   * PostgreSQL: a transaction-level advisory lock, released at the end of the run or if the
   * process dies.
   * SQLite: a lease in `event_consumers`, renewed as the run saves progress, lapsing if it dies.
   */
  private async alone(name: string, work: () => Promise<void>): Promise<void> {
    const db = this.options.db.kysely;
    if (this.options.db.dialect === 'postgres') {
      // A transaction-level lock, held by a transaction open for the run: it pins one server
      // connection even behind a transaction-pooling PgBouncer, where a session lock could be
      // taken on one server connection and "released" on another.
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(current_schema()), hashtext(${`events:${name}`}))`.execute(trx);
        await work();
      });
      return;
    }
    await db
      .insertInto('event_consumers')
      .values({ name, last_event_id: 0, leased_by: null, leased_until: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    for (;;) {
      if (this.closed) return;
      const now = new Date().toISOString();
      const taken = await db
        .updateTable('event_consumers')
        .set({ leased_by: this.me, leased_until: new Date(Date.now() + LEASE_MS).toISOString() })
        .where('name', '=', name)
        .where((eb) =>
          eb.or([eb('leased_by', 'is', null), eb('leased_by', '=', this.me), eb('leased_until', '<', now)]),
        )
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    try {
      await work();
    } finally {
      await db
        .updateTable('event_consumers')
        .set({ leased_by: null, leased_until: null })
        .where('name', '=', name)
        .where('leased_by', '=', this.me)
        .execute();
    }
  }

  private async drain(consumer: EventConsumer): Promise<void> {
    const db = this.options.db.kysely;
    const row = await db
      .selectFrom('event_consumers')
      .select('last_event_id')
      .where('name', '=', consumer.name)
      .executeTakeFirst();
    let cursor = row?.last_event_id ?? 0;
    for (;;) {
      if (this.held || this.closed) return;
      const events = await db
        .selectFrom('events')
        .select(['id', 'payload', 'created_at'])
        .where('id', '>', cursor)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (events.length === 0) return;
      const start = cursor;
      try {
        for (const e of events) {
          if (this.held || this.closed) break;
          try {
            await consumer.handle({ id: e.id, created_at: e.created_at, event: JSON.parse(e.payload) as AppEvent });
          } catch (err) {
            // One event that cannot be handled must not stop every later one: logged, then passed.
            this.options.log.error({ err, consumer: consumer.name, eventId: e.id }, 'event consumer failed');
          }
          cursor = e.id;
        }
      } finally {
        // Saved once a batch (a write, and an fsync on SQLite, per event would not keep up with
        // a busy team): a crash mid-batch hands that batch out again, which consumers tolerate.
        if (cursor !== start) await this.save(consumer.name, cursor);
      }
      if (this.held || this.closed) return;
    }
  }

  private async save(name: string, cursor: number): Promise<void> {
    await this.options.db.kysely
      .insertInto('event_consumers')
      .values({ name, last_event_id: cursor, leased_by: null, leased_until: null })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet(
            this.options.db.dialect === 'postgres'
              ? { last_event_id: cursor }
              : { last_event_id: cursor, leased_until: new Date(Date.now() + LEASE_MS).toISOString() },
          ),
      )
      .execute();
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.prune();
  }

  /** Deletes events past their retention that every consumer has handed out (runs every 10 minutes). */
  async prune(): Promise<void> {
    const db = this.options.db.kysely;
    const cutoff = new Date(Date.now() - this.options.retentionHours * 3_600_000).toISOString();
    const names = this.options.consumers.map((c) => c.name);
    const done = await db
      .selectFrom('event_consumers')
      .select((eb) => [eb.fn.min('last_event_id').as('upto'), eb.fn.countAll<number>().as('n')])
      .where('name', 'in', names)
      .executeTakeFirst();
    if (!done || Number(done.n) < names.length || done.upto === null) return;
    await db.deleteFrom('events').where('created_at', '<', cutoff).where('id', '<=', Number(done.upto)).execute();
  }
}
