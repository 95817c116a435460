import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/database.js';
import { EVENTS_CHANNEL, onCommittedEvents, type RecordedEvent } from './log.js';
import type { AppEvent } from './types.js';

/** Told every event this process hears, its own at commit and the others' at the next read. */
export type EventListener = (event: AppEvent) => void;

export interface EventTailOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often the log is read without being woken (SQLite shared by processes, a lost LISTEN, PgBouncer). */
  pollMs: number;
  /**
   * Wakes the work queue: after this process's commits that recorded events, reads that found
   * others', every notification (a job queued elsewhere) and every poll.
   */
  onWake?: () => void;
  now?: () => number;
}

/** Events read per query. */
const BATCH = 500;
/** Own event ids remembered until read back, at most. */
const OWN_IDS_MAX = 10_000;

/**
 * What this process has heard of the event log (docs/adr/0026-kept-reads-and-the-event-tail.md).
 * The reads a process keeps in memory (sessions, team cards) are evicted by the events it hears:
 * - this process's own commits, handed over by `transact` before the writer's answer goes out;
 * - every other process's commits at its next read of the log: woken on PostgreSQL by the
 *   `pg_notify` that `recordEvent` sends (delivered at commit), and by a poll every `pollMs`,
 *   which alone bounds how late another process's write is heard (SQLite shared by processes,
 *   PostgreSQL behind a transaction-pooling PgBouncer, a lost LISTEN connection).
 * `heard()` says whether the log has been read recently enough for a kept read to be answered;
 * `hear()` reads it first when it has not.
 * One LISTEN connection and one timer per process: they wake the dispatcher too.
 */
export class EventTail {
  private readonly listeners = new Set<EventListener>();
  /** The highest event id read; undefined before the first read. */
  private seen: number | undefined;
  /** Ids of this process's own events, told at their commit: not told again when read back. */
  private readonly own = new Set<number>();
  /** When the last successful read began (ms since 1970). */
  private readStartedAt = Number.NEGATIVE_INFINITY;
  private reading = false;
  /** A poll asked for a read: the dispatcher is woken after it whatever it finds. */
  private pollDue = false;
  private catchingUp: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private poll: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopCommits: (() => void) | undefined;
  private readonly now: () => number;

  constructor(private readonly options: EventTailOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Tells `listener` of every event heard from now on; returns its removal. */
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Whether every other process's commit older than `pollMs` has been heard: the last read began
   * less than twice the poll interval ago. Kept reads ask `hear()`, which reads the log when not.
   */
  heard(): boolean {
    return this.now() - this.readStartedAt < 2 * this.options.pollMs;
  }

  /**
   * Whether the log is heard, reading it first when it has not been read recently (a poll held up
   * by a busy event loop): a kept read is answered only after this says yes. Requests that ask
   * meanwhile share that one read.
   */
  async hear(): Promise<boolean> {
    if (this.heard()) return true;
    if (this.closed || this.seen === undefined) return false;
    this.catchingUp ??= this.readOnce()
      .then((told) => {
        if (told > 0) this.options.onWake?.();
      })
      .finally(() => {
        this.catchingUp = undefined;
      });
    await this.catchingUp;
    return this.heard();
  }

  /** Starts hearing: this process's commits, the first read of the log, the poll and (PostgreSQL) LISTEN. */
  async start(): Promise<void> {
    const { db, pollMs } = this.options;
    this.stopCommits = onCommittedEvents(db.kysely, (events) => this.committed(events));
    await this.read();
    this.poll = setInterval(() => this.wake(true), pollMs).unref();
    if (db.elsewhere.kind === 'postgres') await this.listen();
  }

  /** Reads the log soon (coalesced: one read at a time, one more if woken meanwhile). */
  wake(fromPoll = false): void {
    if (this.closed) return;
    if (fromPoll) this.pollDue = true;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    this.pending = (async () => {
      let told = 0;
      try {
        do {
          this.again = false;
          told += await this.readOnce();
        } while (this.again && !this.closed);
      } finally {
        this.reading = false;
      }
      // The dispatcher was woken for this process's own events at their commit: a NOTIFY of one
      // of them wakes it no more. It is woken for the others', and by every poll in any case (its
      // net for a run that failed or a lease that lapsed).
      if (told > 0 || this.pollDue) {
        this.pollDue = false;
        this.options.onWake?.();
      }
    })()
      .catch((err: unknown) => this.options.log.error({ err }, 'event log read failed'))
      .finally(() => {
        this.pending = undefined;
      });
  }

  /** The read under way, if any. */
  private pending: Promise<void> | undefined;

  /** Resolves once no read is under way (tests; close). */
  async settled(): Promise<void> {
    while (this.pending) await this.pending;
  }

  /** Reads what was committed since the last read and tells the listeners (tests call it to hear at once). */
  async read(): Promise<void> {
    await this.readOnce();
    this.options.onWake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopCommits?.();
    clearInterval(this.poll);
    clearTimeout(this.retry);
    await this.settled();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** This process's commit: its events are told before the writer answers (read-your-writes). */
  private committed(events: readonly RecordedEvent[]): void {
    // Bounded: ids are dropped as they are read back; a stalled tail must not grow it for ever.
    if (this.own.size > OWN_IDS_MAX) this.own.clear();
    let fresh = 0;
    for (const { id, event } of events) {
      // A read woken by this commit's NOTIFY may have come first: it told the event already.
      if (this.seen !== undefined && id <= this.seen) continue;
      this.own.add(id);
      this.tell(event);
      fresh++;
    }
    if (fresh > 0) this.options.onWake?.();
  }

  /** Reads the log once; returns how many events it told (others' events it had not told before). */
  private async readOnce(): Promise<number> {
    const db = this.options.db.kysely;
    const startedAt = this.now();
    let told = 0;
    try {
      if (this.seen === undefined) {
        // Nothing is kept yet: what was committed before this process started needs no telling.
        const row = await db
          .selectFrom('events')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        this.seen = Number(row?.id ?? 0);
      } else {
        for (;;) {
          const rows = await db
            .selectFrom('events')
            .select(['id', 'payload'])
            .where('id', '>', this.seen)
            .orderBy('id')
            .limit(BATCH)
            .execute();
          for (const row of rows) {
            // Reads may overlap (a poll and a test's read): each event is told once.
            if (row.id <= this.seen) continue;
            this.seen = row.id;
            if (this.own.delete(row.id)) continue; // told at its commit already
            this.tell(JSON.parse(row.payload) as AppEvent);
            told++;
          }
          if (rows.length < BATCH) break;
        }
      }
      this.readStartedAt = Math.max(this.readStartedAt, startedAt);
    } catch (err) {
      this.options.log.warn({ err }, 'event log read failed; kept reads are not answered until it works');
    }
    return told;
  }

  private tell(event: AppEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        // A cache that cannot hear is the cache's problem; the write stands.
        this.options.log.error({ err, type: event.type }, 'event listener failed');
      }
    }
  }

  /** PostgreSQL: a connection of its own listens; lost, it is tried again (the poll covers meanwhile). */
  private async listen(): Promise<void> {
    const { db, log } = this.options;
    if (db.elsewhere.kind !== 'postgres' || this.closed) return;
    const client = db.elsewhere.connect();
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      if (err) log.warn({ err }, 'event log listener lost; polling until it is back');
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), 5_000).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    this.listener = client;
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]!.schema;
      client.on('notification', ({ channel, payload }) => {
        if (channel !== EVENTS_CHANNEL || payload !== schema) return;
        this.wake();
        // A job queued elsewhere, perhaps without an event: the queue looks now, not at the poll.
        this.options.onWake?.();
      });
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
    }
  }
}
