import type { Kysely } from 'kysely';
import { references } from '../dialect.js';

/**
 * A push subscription belongs to the session that registered it (issue 20: on a shared computer
 * the browser kept the team's pushes after sign-out). `device_tokens.session_id` references
 * `auth_tokens.id` ON DELETE CASCADE, so every path that deletes a session — logout, idle expiry,
 * a password change or reset, any revocation added later — deletes its subscriptions in the same
 * statement, on both databases. The sender also joins live sessions (push/repository.ts), which
 * covers a session idle past its life but not yet deleted.
 *
 * Nullable only because SQLite adds a REFERENCES column with a NULL default; the app always sets it
 * and a row without a session is never sent to. Subscriptions stored before this migration
 * belong to no session: they are deleted (the browser registers again from the notifications menu).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('device_tokens').execute();
  await db.schema
    .alterTable('device_tokens')
    .addColumn('session_id', 'integer', (c) => references('auth_tokens.id')(c))
    .execute();
  await db.schema.createIndex('device_tokens_session_id').on('device_tokens').column('session_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('device_tokens_session_id').execute();
  await db.schema.alterTable('device_tokens').dropColumn('session_id').execute();
}
