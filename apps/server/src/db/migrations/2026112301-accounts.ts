import type { Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('users'), d)
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('auth_tokens'), d)
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_id').on('auth_tokens').column('user_id').execute();

  await withId(db.schema.createTable('one_time_codes'), d)
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_codes_user_purpose')
    .on('one_time_codes')
    .columns(['user_id', 'purpose'])
    .execute();

  await withId(db.schema.createTable('mail_outbox'), d)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['mail_outbox', 'one_time_codes', 'auth_tokens', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
