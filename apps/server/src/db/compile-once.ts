import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { dialectOf, type DialectName } from './dialect.js';

const SLOT = Symbol('compile-once slot');

/** Stands for the i-th argument of a `compileOnce` query while Kysely compiles it. */
interface Slot {
  readonly [SLOT]: number;
}

const slotIndex = (value: unknown): number =>
  typeof value === 'object' && value !== null && SLOT in value ? (value as Slot)[SLOT] : -1;

/**
 * A query of fixed shape that Kysely builds and compiles once. Kysely otherwise rebuilds the
 * query's object tree and compiles it to SQL on every call, which on the hot reads cost more
 * CPU than SQLite took to run them. `build` gets placeholders in place of its arguments and must
 * use each only as a plain value (`where(col, '=', arg)`, `limit(arg)`), never in an `in` list
 * or a branch: the SQL text is fixed at the first call and later calls only bind new values.
 *
 *   private readonly byId = compileOnce(() => this.db, (id: number) =>
 *     this.db.selectFrom('users').selectAll().where('id', '=', id));
 *   const [user] = await this.byId(7);
 */
export function compileOnce<A extends unknown[], O>(
  /** The database to run on, read at each call (so a class field can name `this.db`). */
  db: () => Pick<Kysely<unknown>, 'executeQuery'>,
  build: (...args: A) => Compilable<O>,
): (...args: A) => Promise<O[]> {
  let compiled: Compiled | undefined;
  return async (...args: A) => {
    compiled ??= compileWithSlots(build, args);
    return run(db(), compiled, args);
  };
}

/**
 * `compileOnce` for a statement run in the caller's transaction (a write that keeps derived data,
 * ADR 0038): `(ex, ...args)` runs on the executor it is given. Compiled once per database kind,
 * since SQLite's and PostgreSQL's SQL differ (`?`, `$1`); `build` gets the first executor of that
 * kind to build on (name it `ex`: it is the caller's transaction, ADR 0039's seam rule).
 *
 *   const countPost = compileOnceIn((ex: Kysely<Database>, team: number) =>
 *     ex.updateTable('team_post_counts').set(…).where('team_id', '=', team));
 *   await countPost(trx, 7);
 */
export function compileOnceIn<DB, A extends unknown[], O>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<O>,
): (ex: Kysely<DB>, ...args: A) => Promise<O[]> {
  const byDialect = new Map<DialectName, Compiled>();
  return async (ex: Kysely<DB>, ...args: A) => {
    const dialect = dialectOf(ex);
    let compiled = byDialect.get(dialect);
    if (!compiled) byDialect.set(dialect, (compiled = compileWithSlots((...a: A) => build(ex, ...a), args)));
    return run(ex, compiled, args);
  };
}

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
  /** Per parameter, the argument it binds (-1: a value of the query itself). */
  slots: number[];
}

function compileWithSlots<A extends unknown[]>(build: (...args: A) => Compilable<unknown>, args: A): Compiled {
  const placeholders = args.map((_, i): Slot => ({ [SLOT]: i }));
  const { sql, parameters } = build(...(placeholders as A)).compile();
  const slots = parameters.map(slotIndex);
  const used = new Set(slots.filter((i) => i >= 0));
  if (used.size !== args.length)
    throw new Error(`compileOnce: the query uses ${used.size} of its ${args.length} arguments as values`);
  return { sql, parameters, slots };
}

async function run<O>(
  db: Pick<Kysely<unknown>, 'executeQuery'>,
  { sql, parameters, slots }: Compiled,
  args: unknown[],
): Promise<O[]> {
  const bound = parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
  const result: QueryResult<O> = await db.executeQuery(CompiledQuery.raw(sql, bound));
  return result.rows;
}
