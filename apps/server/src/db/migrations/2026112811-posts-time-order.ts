import type { Kysely } from 'kysely';

/**
 * Timelines, their wall of fame and bright ideas, and the dashboard list posts by the time they
 * appeared (`created_at`, then `id`), not by id: a post may be stamped earlier than one inserted
 * before it (a check-in answered on its module's clock, the demo seed's past). A page of a team's
 * timeline (or of one type) is again a range of one index, read backwards; the dashboard reads
 * each of the member's teams' ranges. The id-ordered indexes they replace served nothing else
 * (`team_id` alone, for foreign keys and statistics, is the new indexes' first column).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('posts_team_created').on('posts').columns(['team_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('posts_team_type_created')
    .on('posts')
    .columns(['team_id', 'type_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('posts_team_id').execute();
  await db.schema.dropIndex('posts_team_type_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('posts_team_id').on('posts').columns(['team_id', 'id']).execute();
  await db.schema.createIndex('posts_team_type_id').on('posts').columns(['team_id', 'type_id', 'id']).execute();
  await db.schema.dropIndex('posts_team_created').execute();
  await db.schema.dropIndex('posts_team_type_created').execute();
}
