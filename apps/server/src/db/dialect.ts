import type {
  ColumnDefinitionBuilder,
  CreateTableBuilder,
  Kysely,
  RawBuilder,
  SelectQueryBuilder,
  Transaction,
} from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

/** The few places where SQLite and PostgreSQL differ live here. */
export type DialectName = 'sqlite' | 'postgres';

/** Adds an auto-incrementing integer primary key named id. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A foreign key column that follows its parent on delete. */
export const references =
  (target: string, onDelete: 'cascade' | 'set null' = 'cascade') =>
  (c: ColumnDefinitionBuilder) =>
    c.references(target).onDelete(onDelete);

/** Reads the dialect a Kysely instance (or a transaction) runs on; migrations get only `Kysely<any>`. */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  const name = db.getExecutor().adapter.constructor.name;
  return name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}

/**
 * Holds the rows a select reads until the transaction `trx` ends, so check-then-write steps on
 * them run one at a time: PostgreSQL locks them FOR NO KEY UPDATE (other transactions may still
 * insert rows that reference them); SQLite has no such clause and needs none, as it runs one
 * transaction at a time. Use as `.$call(lockRows(trx))`.
 */
export const lockRows =
  <DB>(trx: Transaction<DB>) =>
  <QDB, TB extends keyof QDB, O>(query: SelectQueryBuilder<QDB, TB, O>): SelectQueryBuilder<QDB, TB, O> =>
    dialectOf(trx) === 'postgres' ? query.forNoKeyUpdate() : query;

/** True for a unique-constraint violation on either database (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const { code } = err;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The rows of a subquery as one JSON array column of the outer query, so a list and the few rows
 * each item shows come back in one query. SQLite sends the array as text: read the column with
 * `rowsOfJson`.
 */
export function jsonArrayFrom<O>(
  dialect: DialectName,
  subquery: Parameters<typeof sqliteJsonArrayFrom<O>>[0],
): RawBuilder<O[] | string> {
  return (dialect === 'postgres' ? pgJsonArrayFrom(subquery) : sqliteJsonArrayFrom(subquery)) as RawBuilder<
    O[] | string
  >;
}

/** A `jsonArrayFrom` column as rows, on either database. */
export const rowsOfJson = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
