import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from './database.js';
import { ANY_TABLE } from './write-watch.js';

/** The channel migration 2026112506's triggers notify on; the payload is `schema.table`. */
export const TABLE_CHANGES_CHANNEL = 'rally_table_changes';

/** A heartbeat's payload after the schema: never a table name. */
const PING = '#ping:';

export interface TableVersionOptions {
  /** How often the PostgreSQL listener proves it still hears (a ping sent through the pool). */
  heartbeatMs?: number;
  /** How soon a lost PostgreSQL listener is tried again. */
  reconnectMs?: number;
}

/**
 * A number raised whenever one of `tables` may have changed, for a cache that asks the database
 * nothing on a hit (docs/adr/0018-team-cards-cache.md). It hears:
 * - this process's commits, from the driver (`Db.commits`), before the writer's answer goes out;
 * - SQLite: other connections' commits, by `PRAGMA data_version` on every `current()`;
 * - PostgreSQL: every process's commits, by the statement triggers' `pg_notify` on a listener
 *   connection of its own. Until it listens, while it is down and when a heartbeat sent through
 *   the pool is not heard back in time (a connection dropped without a reset, a pooler that does
 *   not pass notifications), `current()` is undefined: changes may go unheard, keep nothing.
 */
export class TableVersion {
  private value = 0;
  private listening: boolean;
  private lastDataVersion: number | undefined;
  private listener: pg.Client | undefined;
  private pid: number | undefined;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  /** Failed tries in a row: the next waits reconnectMs × 2^failures, at most 30 s. */
  private failures = 0;
  private readonly stopCommits: () => void;
  private readonly heartbeatMs: number;
  private readonly reconnectMs: number;

  constructor(
    private readonly db: Db,
    private readonly tables: ReadonlySet<string>,
    private readonly log: FastifyBaseLogger,
    { heartbeatMs = 10_000, reconnectMs = 1_000 }: TableVersionOptions = {},
  ) {
    this.heartbeatMs = heartbeatMs;
    this.reconnectMs = reconnectMs;
    this.listening = db.elsewhere.kind === 'sqlite';
    this.stopCommits = db.commits.subscribe((written) => {
      for (const table of written) if (table === ANY_TABLE || tables.has(table)) return this.bump();
    });
  }

  /** Starts hearing other processes (PostgreSQL); resolves once listening, or after a first failure. */
  async start(): Promise<void> {
    if (this.db.elsewhere.kind === 'postgres') await this.listen();
  }

  /** The version now, or undefined while other processes' changes could go unheard. */
  current(): number | undefined {
    if (!this.listening) return undefined;
    if (this.db.elsewhere.kind === 'sqlite') {
      const seen = this.db.elsewhere.dataVersion();
      if (seen !== this.lastDataVersion) {
        this.lastDataVersion = seen;
        this.bump();
      }
    }
    return this.value;
  }

  /** The PostgreSQL backend of the listener connection while it listens (operations; tests cut it). */
  get listenerPid(): number | undefined {
    return this.listening ? this.pid : undefined;
  }

  bump(): void {
    this.value++;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopCommits();
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const listener = this.listener;
    this.listener = undefined;
    this.listening = false;
    await listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.db.elsewhere.kind !== 'postgres' || this.closed) return;
    const client = this.db.elsewhere.connect();
    let sent = 0;
    let heard = 0;
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.listening = false;
      clearInterval(this.heartbeat);
      this.bump();
      if (err) this.log.warn({ err }, 'table change listener lost; caches keep nothing until it is back');
      client.end().catch(() => undefined);
      const wait = Math.min(this.reconnectMs * 2 ** this.failures++, 30_000);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), wait).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    this.listener = client;
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string; pid: number }>(
        'select current_schema() as schema, pg_backend_pid() as pid',
      );
      const prefix = `${rows[0]!.schema}.`;
      this.pid = rows[0]!.pid;
      client.on('notification', ({ channel, payload }) => {
        if (channel !== TABLE_CHANGES_CHANNEL || !payload?.startsWith(prefix)) return;
        const table = payload.slice(prefix.length);
        if (table.startsWith(PING)) heard = Math.max(heard, Number(table.slice(PING.length)));
        else if (this.tables.has(table)) this.bump();
      });
      await client.query(`listen ${TABLE_CHANGES_CHANNEL}`);
      if (this.listener !== client) return;
      // Anything committed before the listener was up is unknown: what was kept before is stale.
      this.bump();
      this.listening = true;
      this.failures = 0;
      this.heartbeat = setInterval(() => {
        if (heard < sent) return lost(new Error('the table change heartbeat was not heard back'));
        sent++;
        // Through the pool, as a writer's commit travels; one that cannot be sent is not heard either.
        sql`select pg_notify(${TABLE_CHANGES_CHANNEL}, ${`${prefix}${PING}${sent}`})`
          .execute(this.db.kysely)
          .catch(() => undefined);
      }, this.heartbeatMs).unref();
    } catch (err) {
      lost(err as Error);
    }
  }
}
