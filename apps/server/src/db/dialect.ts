import type {
  ColumnDefinitionBuilder,
  CreateTableBuilder,
  Expression,
  Kysely,
  RawBuilder,
  SelectQueryBuilder,
  Transaction,
} from 'kysely';
import { AliasNode, ColumnNode, IdentifierNode, ReferenceNode, sql } from 'kysely';

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
 * transaction at a time, across processes too (each takes the write lock as it begins:
 * immediate-sqlite.ts). Use as `.$call(lockRows(trx))`.
 */
export const lockRows =
  <DB>(trx: Transaction<DB> | Kysely<DB>) =>
  <QDB, TB extends keyof QDB, O>(query: SelectQueryBuilder<QDB, TB, O>): SelectQueryBuilder<QDB, TB, O> =>
    dialectOf(trx) === 'postgres' ? query.forNoKeyUpdate() : query;

/** True for a unique-constraint violation on either database (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const { code } = err;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any subquery, whatever its tables
type AnySubquery<O> = SelectQueryBuilder<any, any, O>;

/** The names of the columns a subquery selects (each a column or an alias). */
function selectedNames(subquery: AnySubquery<unknown>): string[] {
  const node = subquery.toOperationNode();
  return (node.selections ?? []).map(({ selection: s }) => {
    if (ReferenceNode.is(s) && ColumnNode.is(s.column)) return s.column.column.name;
    if (ColumnNode.is(s)) return s.column.name;
    if (AliasNode.is(s) && IdentifierNode.is(s.alias)) return s.alias.name;
    throw new Error('jsonArrayFrom: select named columns only');
  });
}

/**
 * The rows of a subquery as one JSON array column of the outer query, so a list and the few rows
 * each item shows come back in one query. Objects are built from the named columns
 * (json_build_object, json_object): PostgreSQL's json_agg of whole rows cost a quarter more.
 * SQLite sends the array as text: read the column with `rowsOfJson`.
 */
export function jsonArrayFrom<O>(dialect: DialectName, subquery: AnySubquery<O>): RawBuilder<O[] | string> {
  const fields = sql.join(selectedNames(subquery).flatMap((name) => [sql.lit(name), sql.ref(`agg.${name}`)]));
  return dialect === 'postgres'
    ? sql`(select coalesce(json_agg(json_build_object(${fields})), '[]') from ${subquery} as agg)`
    : sql`(select coalesce(json_group_array(json_object(${fields})), '[]') from ${subquery} as agg)`;
}

/** The texts of a group joined by `separator`, in no set order (string_agg, group_concat). */
export const groupConcat = (dialect: DialectName, value: Expression<string>, separator: string): RawBuilder<string> =>
  dialect === 'postgres' ? sql`string_agg(${value}, ${separator})` : sql`group_concat(${value}, ${separator})`;

/** A `jsonArrayFrom` column as rows, on either database. */
export const rowsOfJson = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
