import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';

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
  let compiled: { sql: string; parameters: readonly unknown[]; slots: number[] } | undefined;
  return async (...args: A) => {
    if (!compiled) {
      const placeholders = args.map((_, i): Slot => ({ [SLOT]: i }));
      const { sql, parameters } = build(...(placeholders as A)).compile();
      const slots = parameters.map(slotIndex);
      const used = new Set(slots.filter((i) => i >= 0));
      if (used.size !== args.length)
        throw new Error(`compileOnce: the query uses ${used.size} of its ${args.length} arguments as values`);
      compiled = { sql, parameters, slots };
    }
    const { sql, parameters, slots } = compiled;
    const bound = parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
    const result: QueryResult<O> = await db().executeQuery(CompiledQuery.raw(sql, bound));
    return result.rows;
  };
}
