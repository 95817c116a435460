import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.js';
import type { MailMessage } from './mailer.js';

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * The mail outbox: every mail is recorded here first, with its delivery job (mailer.ts); the row
 * says what became of it (pending, sending, sent, logged, failed) and why.
 */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a mail as pending and due at `now`; inside `trx` when given. Returns its id. */
  async record(message: MailMessage, now: string, trx?: Transaction<Database>): Promise<number> {
    const row = await (trx ?? this.db)
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        status: 'pending',
        error: null,
        created_at: now,
        sent_at: null,
        attempts: 0,
        next_attempt_at: now,
        claimed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Takes mail `id` for try `attempt` (its job's): the row, if it is still to be sent (pending,
   * or left 'sending' by a run that died); undefined once it is sent, logged or failed.
   */
  take(id: number, attempt: number): Promise<OutboxRow | undefined> {
    return this.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', claimed_at: new Date().toISOString(), attempts: attempt })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'sending'])
      .returningAll()
      .executeTakeFirst();
  }

  /** The mail was accepted by the SMTP host ('sent'), or written to the log without one ('logged'). */
  async markDone(id: number, status: 'sent' | 'logged', now: string): Promise<void> {
    await this.sending(id).set({ status, sent_at: now, next_attempt_at: null }).execute();
  }

  /** The try failed; the work queue tries again after its back-off, at `nextAt`. */
  async markRetry(id: number, error: string, nextAt: string): Promise<void> {
    await this.sending(id).set({ status: 'pending', error, claimed_at: null, next_attempt_at: nextAt }).execute();
  }

  /** The try failed and no other will follow. */
  async markFailed(id: number, error: string): Promise<void> {
    await this.sending(id).set({ status: 'failed', error, next_attempt_at: null }).execute();
  }

  private sending(id: number) {
    return this.db.updateTable('mail_outbox').where('id', '=', id).where('status', '=', 'sending');
  }
}
