import type { Kysely } from 'kysely';
import { references } from '../dialect.js';

/**
 * Profiles (spec §3 Profile): one optional row per user, written on the first profile edit.
 * Hours are 'HH:MM' text in the user's own `timezone` (an IANA name); null means the default
 * 08:00–17:00, applied when presenting. Push quiet hours read `working_hours_*`,
 * `personal_hours_*` and `timezone` from here: keep those names. Images are stored keys.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.primaryKey().notNull()))
    .addColumn('phone', 'text')
    .addColumn('location', 'text')
    .addColumn('geo_lat', 'real')
    .addColumn('geo_lng', 'real')
    .addColumn('timezone', 'text')
    .addColumn('about_me', 'text')
    .addColumn('about_skills', 'text')
    .addColumn('cover', 'text')
    .addColumn('mood_id', 'integer')
    .addColumn('working_hours_start', 'text')
    .addColumn('working_hours_end', 'text')
    .addColumn('personal_hours_start', 'text')
    .addColumn('personal_hours_end', 'text')
    .addColumn('secondary_image_1', 'text')
    .addColumn('secondary_image_2', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profiles').execute();
}
