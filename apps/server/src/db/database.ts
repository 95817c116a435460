import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
}

export interface DbOptions {
  /** postgres://… for PostgreSQL; otherwise SQLite in `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  pgSchema?: string;
}

/** Opens the database chosen by configuration. */
export function openDatabase(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const sqlite = new SQLite(path.resolve(opts.sqliteFile));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return { kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Applies every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
}
