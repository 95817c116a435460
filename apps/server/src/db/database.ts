import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type KyselyConfig,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import { ImmediateSqliteDialect } from './immediate-sqlite.js';
import { migrations } from './migrations/index.js';
import { cachingSqlite, preparingPgPool } from './prepared-statements.js';
import type { Database } from './schema.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** How other processes' commits can be heard (events/tail.ts). */
  elsewhere: OtherWriters;
}

/**
 * PostgreSQL: a new client of the same server and schema, for LISTEN. SQLite has no
 * notifications: other processes' commits are heard by polling the event log.
 */
export type OtherWriters = { kind: 'sqlite' } | { kind: 'postgres'; connect: () => pg.Client };

export interface DbOptions {
  /** postgres://… for PostgreSQL; otherwise SQLite in `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  pgSchema?: string;
  /** Told the SQL of every query run (tests count the queries of a call). */
  onQuery?: (sql: string) => void;
}

/** Opens the database chosen by configuration. */
export function openDatabase(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const connection = {
      connectionString: opts.databaseUrl,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    };
    const pool = new pg.Pool({ ...connection, max: 10 });
    // Our statements are prepared once per connection (prepared-statements.ts) and have one good
    // plan whatever their values; PostgreSQL's default kept re-planning the timeline page on every
    // call (planning 0.8 ms, running 0.3 ms). The client sends this before any other query.
    pool.on('connect', (client) => {
      client.query('SET plan_cache_mode = force_generic_plan').catch(() => undefined);
      // A connection the server ends while it is checked out between queries (a job lock's
      // transaction killed, idle_in_transaction_session_timeout, a pooler restart) must fail its
      // next query, which the caller sees, not throw an unhandled 'error' that ends the process.
      // The pool drops such a client when it is released.
      client.on('error', () => undefined);
    });
    // An idle client the server ended: the pool has dropped it already and connects anew on demand.
    pool.on('error', () => undefined);
    return {
      kysely: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: preparingPgPool(pool) }),
        log: logOf(opts),
      }),
      dialect: 'postgres',
      elsewhere: { kind: 'postgres', connect: () => new pg.Client(connection) },
    };
  }
  const sqlite = new SQLite(path.resolve(opts.sqliteFile));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Every acknowledged write survives power loss too, not only a crash of the process (ADR 0007).
  sqlite.pragma('synchronous = FULL');
  return {
    kysely: new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: cachingSqlite(sqlite) }),
      log: logOf(opts),
    }),
    dialect: 'sqlite',
    elsewhere: { kind: 'sqlite' },
  };
}

const logOf = ({ onQuery }: DbOptions): KyselyConfig['log'] =>
  onQuery &&
  ((event) => {
    onQuery(event.query.sql);
  });

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/**
 * The schema PostgreSQL creates tables in (the first of search_path); undefined on SQLite.
 * Kysely's migrator looks for its bookkeeping tables in every schema unless told which one, so
 * on a server shared by several schemas (parallel test runs, or another app beside Rally) it
 * would find another schema's tables, skip creating its own and fail.
 */
async function currentPgSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** Applies every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const schema = await currentPgSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
}
