import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from './database.js';
import { ANY_TABLE } from './write-watch.js';

/** The channel migration 2026112506's triggers notify on; the payload is `schema.table`. */
export const TABLE_CHANGES_CHANNEL = 'rally_table_changes';

/** How soon a lost PostgreSQL listener connection is tried again. */
const RECONNECT_MS = 1_000;

/**
 * A number raised whenever one of `tables` may have changed, for a cache that asks the database
 * nothing on a hit (docs/adr/0018-team-cards-cache.md). It hears:
 * - this process's commits, from the driver (`Db.commits`), before the writer's answer goes out;
 * - SQLite: other connections' commits, by `PRAGMA data_version` on every `current()`;
 * - PostgreSQL: every process's commits, by the statement triggers' `pg_notify` on a listener
 *   connection of its own. While that connection is down, `current()` is undefined: changes may
 *   go unheard, so nothing may be kept.
 */
export class TableVersion {
  private value = 0;
  private listening: boolean;
  private lastDataVersion: number | undefined;
  private listener: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private pid: number | undefined;
  private readonly stopCommits: () => void;

  private constructor(
    private readonly db: Db,
    private readonly tables: ReadonlySet<string>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.listening = db.elsewhere.kind === 'sqlite';
    this.stopCommits = db.commits.subscribe((written) => {
      for (const table of written) if (table === ANY_TABLE || tables.has(table)) return this.bump();
    });
  }

  /** Starts hearing changes; on PostgreSQL resolves once the listener is up (or has failed once). */
  static async start(db: Db, tables: readonly string[], log: FastifyBaseLogger): Promise<TableVersion> {
    const version = new TableVersion(db, new Set(tables), log);
    if (db.elsewhere.kind === 'postgres') await version.listen();
    return version;
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

  /** The PostgreSQL backend of the listener connection (operations; tests cut it). */
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
    const listener = this.listener;
    this.listener = undefined;
    this.listening = false;
    await listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.db.elsewhere.kind !== 'postgres' || this.closed) return;
    const client = this.db.elsewhere.connect();
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.listening = false;
      this.bump();
      if (err) this.log.warn({ err }, 'table change listener lost; caches keep nothing until it is back');
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
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
        if (this.tables.has(payload.slice(prefix.length))) this.bump();
      });
      await client.query(`listen ${TABLE_CHANGES_CHANNEL}`);
      if (this.listener !== client) return;
      // Anything committed before the listener was up is unknown: what was kept before is stale.
      this.bump();
      this.listening = true;
    } catch (err) {
      lost(err as Error);
    }
  }
}
