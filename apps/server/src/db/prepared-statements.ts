import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { PostgresPool, PostgresPoolClient, SqliteDatabase } from 'kysely';
import type pg from 'pg';

/** Distinct SQL texts kept prepared. Kysely's queries are a few hundred; `in (…)` lists add one per length. */
const MAX_STATEMENTS = 1_000;

/**
 * A map that forgets its oldest entry past `max`. Not LRU: reordering on every hit cost more
 * than the rare second preparation of a statement that was pushed out.
 */
class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: string, value: V): this {
    super.set(key, value);
    if (this.size > this.max) this.delete(this.keys().next().value!);
    return this;
  }
}

/**
 * better-sqlite3 for Kysely, with each SQL text prepared once. Kysely asks the driver to
 * `prepare()` every query afresh, and preparing was a fifth of the CPU of a simple read. A
 * statement still being iterated (a streamed query) is busy, so that caller gets a fresh one.
 */
export function cachingSqlite(db: SQLite.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const statements = new BoundedMap<SQLite.Statement>(max);
  return {
    close: () => db.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = db.prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
  };
}

/** Statements worth a server-side prepared plan: plain DML that takes parameters. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

/**
 * A pg pool for Kysely whose parameterised DML runs as named prepared statements: PostgreSQL
 * parses and plans each SQL text once per connection instead of on every call. The name is a
 * hash of the text, so every connection agrees on it.
 */
export function preparingPgPool(pool: pg.Pool, max = MAX_STATEMENTS): PostgresPool {
  const names = new BoundedMap<string>(max);
  const nameOf = (sql: string): string => {
    let name = names.get(sql);
    if (!name) {
      name = `k${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
      names.set(sql, name);
    }
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    release: () => client.release(),
    query: ((query: unknown, parameters?: readonly unknown[]) => {
      if (typeof query === 'string' && parameters?.length && PREPARABLE.test(query))
        return client.query({ name: nameOf(query), text: query, values: [...parameters] });
      // Cursors and parameterless statements (DDL, transaction control) go through as they are.
      return (client.query as (q: unknown, p?: unknown) => unknown)(query, parameters);
    }) as PostgresPoolClient['query'],
  });
  // One wrapper per pooled connection: Kysely keeps its connection state keyed by the object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let wrapped = wrappers.get(client);
      if (!wrapped) wrappers.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
  };
}
