import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** A statement's target table when the text names it; `'*'` when it may write anything. */
export type WrittenTable = string;
export const ANY_TABLE: WrittenTable = '*';

const NAME = String.raw`(?:"([^"]+)"|(\w+))`;
const DML = new RegExp(
  String.raw`^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:${NAME}\s*\.\s*)?${NAME}`,
  'i',
);
/** Statements that change no table's rows: reads and session or transaction control. */
const NO_WRITE =
  /^\s*(?:select|values|pragma|begin|start\s+transaction|commit|end|rollback|savepoint|release|set|show|listen|unlisten)\b/i;
const WITH_DML = /^\s*with\b[\s\S]*\b(?:insert|update|delete|merge)\b/i;

/**
 * The table `sql` writes, `'*'` when it may write and the text does not say which (a CTE with
 * DML, DDL, TRUNCATE, anything not known to be a read), undefined for a read or transaction
 * control. Cascades are not seen here: a caller that cares about a table a cascade reaches
 * watches the parent table too.
 */
export function tableWritten(sql: string): WrittenTable | undefined {
  const dml = DML.exec(sql);
  if (dml) return (dml[3] ?? dml[4]!).toLowerCase();
  if (/^\s*with\b/i.test(sql)) return WITH_DML.test(sql) ? ANY_TABLE : undefined;
  return NO_WRITE.test(sql) ? undefined : ANY_TABLE;
}

/** Told, after each commit in this process, which tables it wrote (also after a rollback: harmless). */
export type CommitListener = (tables: ReadonlySet<WrittenTable>) => void;

/** The listeners of one database's commits. */
export class Commits {
  private readonly listeners = new Set<CommitListener>();

  subscribe(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Never throws: a listener's failure must not turn a committed write into an error. */
  emit(tables: ReadonlySet<WrittenTable>): void {
    if (!tables.size) return;
    for (const listener of this.listeners) {
      try {
        listener(tables);
      } catch {
        // A cache that cannot hear is the cache's problem; the write stands.
      }
    }
  }
}

/**
 * A Kysely dialect whose driver tells `commits` which tables each write touched, once it is
 * durable: after the statement when it ran on its own, after COMMIT (or ROLLBACK) inside a
 * transaction. In-process caches use it for read-your-writes (docs/adr/0018-team-cards-cache.md).
 */
export function watchWrites(dialect: Dialect, commits: Commits): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new WatchingDriver(dialect.createDriver(), commits),
  };
}

class WatchingDriver implements Driver {
  /** The wrapper handed out for each of the inner driver's connections (Kysely keys state by it). */
  private readonly wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly commits: Commits,
  ) {
    // Savepoints only where the inner driver has them: Kysely checks for the methods.
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(unwrap(c), name, compile);
    if (inner.rollbackToSavepoint)
      this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(unwrap(c), name, compile);
    if (inner.releaseSavepoint)
      this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(unwrap(c), name, compile);
  }

  savepoint?: (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;
  rollbackToSavepoint?: (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;
  releaseSavepoint?: (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) this.wrappers.set(connection, (wrapper = new WatchedConnection(connection, this.commits)));
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(unwrap(connection), settings);
    (connection as WatchedConnection).transaction = new Set();
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ending(connection, () => this.inner.commitTransaction(unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ending(connection, () => this.inner.rollbackTransaction(unwrap(connection)));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction left open (a controlled transaction never ended) still counts as written.
    const watched = connection as WatchedConnection;
    const written = watched.transaction;
    watched.transaction = undefined;
    if (written) this.commits.emit(written);
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private async ending(connection: DatabaseConnection, end: () => Promise<void>): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await end();
    } finally {
      const written = watched.transaction;
      watched.transaction = undefined;
      if (written) this.commits.emit(written);
    }
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection => (connection as WatchedConnection).inner;

class WatchedConnection implements DatabaseConnection {
  /** Tables written in the open transaction; undefined outside one (each statement commits). */
  transaction: Set<WrittenTable> | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly commits: Commits,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const table = tableWritten(compiledQuery.sql);
    if (table === undefined) return this.inner.executeQuery<R>(compiledQuery);
    if (this.transaction) {
      this.transaction.add(table);
      return this.inner.executeQuery<R>(compiledQuery);
    }
    try {
      return await this.inner.executeQuery<R>(compiledQuery);
    } finally {
      this.commits.emit(new Set([table]));
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}
