import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

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

/** Reads the dialect a Kysely instance runs on (migrations get only `Kysely<any>`). */
export function dialectOf(db: Kysely<unknown>): DialectName {
  const name = db.getExecutor().adapter.constructor.name;
  return name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}

/** True for a unique-constraint violation on either database (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const { code } = err;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
