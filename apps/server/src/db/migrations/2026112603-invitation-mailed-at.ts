import { sql, type Kysely } from 'kysely';

/**
 * When an invitation was last mailed (ADR 0021): inviting the same address to the same team
 * again within a day keeps the invitation but sends no second mail, in every process and after
 * a restart. Existing invitations were mailed when they were made.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('last_mailed_at', 'text').execute();
  await sql`update invitations set last_mailed_at = created_at`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').dropColumn('last_mailed_at').execute();
}
