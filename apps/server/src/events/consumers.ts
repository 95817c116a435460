import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { WorkQueue } from '../queue/work-queue.js';
import { onEventsRecorded } from './log.js';
import type { AppEvent, LoggedEvent } from './types.js';

/**
 * A consumer of the event log. Durable: its progress is kept in `event_consumers`, and its drain
 * is a keyed job of the work queue (`events.<name>`), so one process at a time runs it and each
 * event is handled once by the cluster, at least once across crashes. `handle` must therefore be
 * idempotent or harmless when repeated; it is called in id order, one event at a time.
 */
export interface EventConsumer {
  name: string;
  handle(event: LoggedEvent): Promise<void>;
  /** Its drains are claimed before other work: a person waits on it (realtime delivery). */
  urgent?: boolean;
}

export interface EventConsumersOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  queue: WorkQueue;
  log: { error(obj: object, msg: string): void };
  /** Handed-out events older than this are deleted. */
  retentionHours: number;
  /** False: this process records events but hands none out (another process does). */
  dispatch: boolean;
}

/** Events read per query. */
const BATCH = 200;
/** How often handed-out events past their retention are pruned. */
const PRUNE_EVERY_MS = 10 * 60_000;

const queueOf = (consumer: string) => `events.${consumer}`;

/**
 * Hands the event log to its consumers (docs/adr/0024-event-log.md, 0039): every transaction that
 * records events queues a drain of each consumer (`events.<name>`, keyed, so a drain already
 * queued is not queued twice), which the work queue runs after the commit. A drain reads from the
 * consumer's cursor to the end of the log. A slow consumer (notifications under a burst) never
 * holds up another (realtime): each is its own queue.
 */
export class EventConsumers {
  private readonly consumers: EventConsumer[] = [];
  private readonly names: string[] = [];
  private held = false;

  constructor(private readonly o: EventConsumersOptions) {
    onEventsRecorded(o.db, (trx) =>
      o.queue.enqueueMany(
        trx,
        this.names.map((name) => ({ queue: name, key: name, payload: null })),
      ),
    );
    o.queue.every('events.prune', PRUNE_EVERY_MS, () => this.prune());
  }

  /** Adds a consumer: every event recorded from now on is handed to it (a module's setup adds its own). */
  add(consumer: EventConsumer): void {
    const name = queueOf(consumer.name);
    this.consumers.push(consumer);
    this.names.push(name);
    if (this.held) this.o.queue.hold(name);
    this.o.queue.define({
      name,
      enabled: this.o.dispatch,
      urgent: consumer.urgent,
      // A drain that fails (the database is away) is tried again soon; its cursor keeps its place.
      maxAttempts: 1_000_000,
      backoffMs: [200, 1_000, 5_000],
      handle: () => this.drain(consumer),
    });
  }

  /** Tests: stop handing out (events keep being recorded) until `resume`. */
  hold(): void {
    this.held = true;
    this.o.queue.hold(...this.names);
  }

  resume(): void {
    this.held = false;
    this.o.queue.resume(...this.names);
  }

  get holding(): boolean {
    return this.held;
  }

  /** Hands out what the log holds beyond the consumer's cursor, saving the cursor once a batch. */
  private async drain(consumer: EventConsumer): Promise<void> {
    const { db } = this.o;
    const row = await db
      .selectFrom('event_consumers')
      .select('last_event_id')
      .where('name', '=', consumer.name)
      .executeTakeFirst();
    let cursor = row?.last_event_id ?? 0;
    for (;;) {
      if (this.o.queue.isHeld(queueOf(consumer.name))) return;
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
          try {
            await consumer.handle({ id: e.id, created_at: e.created_at, event: JSON.parse(e.payload) as AppEvent });
          } catch (err) {
            // One event that cannot be handled must not stop every later one: logged, then passed.
            this.o.log.error({ err, consumer: consumer.name, eventId: e.id }, 'event consumer failed');
          }
          cursor = e.id;
        }
      } finally {
        // Saved once a batch (a write, and an fsync on SQLite, per event would not keep up with
        // a busy team): a crash mid-batch hands that batch out again, which consumers tolerate.
        if (cursor !== start) await this.save(consumer.name, cursor);
      }
    }
  }

  private async save(name: string, cursor: number): Promise<void> {
    await this.o.db
      .insertInto('event_consumers')
      .values({ name, last_event_id: cursor, leased_by: null, leased_until: null })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_event_id: cursor }))
      .execute();
  }

  /** Deletes events past their retention that every consumer has handed out (a periodic job). */
  async prune(): Promise<number> {
    const { db } = this.o;
    const cutoff = new Date(Date.now() - this.o.retentionHours * 3_600_000).toISOString();
    const names = this.consumers.map((c) => c.name);
    const done = await db
      .selectFrom('event_consumers')
      .select((eb) => [eb.fn.min('last_event_id').as('upto'), eb.fn.countAll<number>().as('n')])
      .where('name', 'in', names)
      .executeTakeFirst();
    if (!done || Number(done.n) < names.length || done.upto === null) return 0;
    const result = await db
      .deleteFrom('events')
      .where('created_at', '<', cutoff)
      .where('id', '<=', Number(done.upto))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
