import type { Kysely } from 'kysely';

/**
 * Where an uploaded video or audio file stands (issue 22, ADR 0027): every one is converted on the
 * server to an MP4 that plays in every browser, with a poster for a video. Until then the upload
 * is `encoding`; the converted file's key and the poster's are kept beside the original's, so
 * whatever names the original (a post, a comment, an answer) shows the converted one. Existing
 * uploads are `ready` as they are.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('media_state', 'text', (c) => c.notNull().defaultTo('ready'))
    .execute();
  await db.schema.alterTable('uploads').addColumn('playable_key', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('poster_key', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('duration_ms', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['duration_ms', 'poster_key', 'playable_key', 'media_state'])
    await db.schema.alterTable('uploads').dropColumn(column).execute();
}
