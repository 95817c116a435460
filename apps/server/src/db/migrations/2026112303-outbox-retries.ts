import type { Kysely } from 'kysely';

/**
 * The outbox drives delivery: a try count, when the next try is due, and when a node claimed the
 * row for sending (so a claim left by a crashed process can be taken back). See ADR 0008.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('claimed_at', 'text').execute();
  // Mails still pending from before are due now.
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ next_attempt_at: eb.ref('created_at') }))
    .where('status', '=', 'pending')
    .execute();
  await db.schema
    .createIndex('mail_outbox_status_next_attempt')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_status_next_attempt').execute();
  for (const column of ['claimed_at', 'next_attempt_at', 'attempts']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
}
