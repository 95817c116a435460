/**
 * The PostgreSQL schema lock of the tests, without vitest: the child processes of the two-process
 * tests (the `testing/` folders) start their apps under it too.
 */
import pg from 'pg';

const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * Test apps on one PostgreSQL (parallel workers, other runs) create and drop schemas side by side,
 * and Kysely's migrator reads the tables of every schema: one dropped meanwhile fails it ("schema
 * does not exist"). Starting apps hold this advisory lock shared; a drop takes it alone.
 */
const SCHEMA_DROP_LOCK = 2_104_211;
export async function holdSharedLock(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
  return client; // ending the session releases it
}

/** Runs `work` (migrations, say) while no test schema is dropped; just runs it on SQLite. */
export async function whileSchemasStay<T>(work: () => Promise<T>): Promise<T> {
  const lock = testDatabaseUrl ? await holdSharedLock(testDatabaseUrl) : undefined;
  try {
    return await work();
  } finally {
    await lock?.end();
  }
}

/** Drops a test's PostgreSQL schema once no app is starting (see SCHEMA_DROP_LOCK). */
export async function dropTestSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [SCHEMA_DROP_LOCK]);
    await client.query(`drop schema ${schema} cascade`);
    await client.query('commit');
  } finally {
    await client.end();
  }
}
