import type { Kysely } from 'kysely';

/**
 * An e-mail change waits for the code sent to the new address (decisions.md): the address rides
 * on its one-time code (purpose 'email'), so the account keeps its old address until the code
 * is spent, and asking again replaces both.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_codes').addColumn('new_email', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_codes').dropColumn('new_email').execute();
}
