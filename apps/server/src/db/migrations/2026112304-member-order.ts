import type { Kysely } from 'kysely';

/**
 * Members in the order every list shows them (owner, admins, members, each by joining): a team
 * card reads its first few straight from the index instead of sorting the whole team.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('team_members_team_order')
    .on('team_members')
    .columns(['team_id', 'role_id', 'joined_at', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('team_members_team_order').execute();
}
