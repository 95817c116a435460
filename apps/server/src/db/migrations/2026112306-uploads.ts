import { sql, type Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

/**
 * Uploads (spec §7): one row per presigned key, from the presign call (declared name, type and
 * size) through the arrival of checked bytes (`completed_at`, `stored_size`) to the one
 * attachment it may have (`attached_at`).
 *
 * Team pictures were stored as public links (`/files/teams/1/….png`); they become keys
 * (`teams/1/….png`), read through signed, expiring URLs like every other stored file.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('uploads'), dialectOf(db))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('declared_size', 'integer', (c) => c.notNull())
    .addColumn('declared_mime', 'text', (c) => c.notNull())
    .addColumn('stored_size', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('attached_at', 'text')
    .execute();
  // The purge of uploads never attached reads the oldest unattached ones; a team's are removed with it.
  await db.schema.createIndex('uploads_unattached').on('uploads').columns(['attached_at', 'created_at']).execute();
  await db.schema.createIndex('uploads_team_id').on('uploads').column('team_id').execute();
  await db.schema.createIndex('uploads_user_id').on('uploads').column('user_id').execute();

  await db
    .updateTable('teams')
    .set({ avatar: sql`substr(avatar, 8)` })
    .where('avatar', 'like', '/files/%')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('teams')
    .set({ avatar: sql`'/files/' || avatar` })
    .where('avatar', 'like', 'teams/%')
    .execute();
  await db.schema.dropTable('uploads').execute();
}
