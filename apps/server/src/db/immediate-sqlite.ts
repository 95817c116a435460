import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Kysely's SQLite driver, except that a transaction begins with `BEGIN IMMEDIATE`: it takes the
 * write lock as it begins, waiting up to the busy timeout while another process holds it.
 *
 * Kysely begins with a plain (deferred) `begin`, which takes the write lock only at the first
 * write. A transaction that has read by then cannot wait for it: when another process holds the
 * lock, or has committed since the read, SQLite fails the write at once with SQLITE_BUSY (or
 * SQLITE_BUSY_SNAPSHOT) whatever the busy timeout, since waiting could deadlock or write over a
 * stale read. Our transactions read then write (check-then-write), so a second process on the
 * file (the demo seed, a second API process) made them fail. Taking the lock first makes every
 * transaction of every process run one at a time, as `lockRows` assumes.
 *
 * Within one process nothing changes: the driver has one connection, so its transactions already
 * ran one at a time. A transaction that only reads takes the lock too, so read outside one.
 * Savepoints (nested transactions) are unchanged.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
