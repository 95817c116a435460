import type { Selectable } from 'kysely';
import type { Executor, MailOutboxTable } from '../../db/schema.js';
import type { MailMessage } from './mailer.js';

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * The mail outbox: every mail is recorded here first, with its delivery job (mailer.ts); the row
 * says what became of it (pending, sending, sent, logged, failed) and why. Every write runs on
 * the executor it is given.
 */
export class OutboxRepository {
  /** Records a mail as pending and due at `now`, as part of `ex`. Returns its id. */
  async record(ex: Executor, message: MailMessage, now: string): Promise<number> {
    const row = await ex
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
  take(ex: Executor, id: number, attempt: number): Promise<OutboxRow | undefined> {
    return ex
      .updateTable('mail_outbox')
      .set({ status: 'sending', claimed_at: new Date().toISOString(), attempts: attempt })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'sending'])
      .returningAll()
      .executeTakeFirst();
  }

  /** The mail was accepted by the SMTP host ('sent'), or written to the log without one ('logged'). */
  async markDone(ex: Executor, id: number, status: 'sent' | 'logged', now: string): Promise<void> {
    await this.sending(ex, id).set({ status, sent_at: now, next_attempt_at: null }).execute();
  }

  /** The try failed; the work queue tries again after its back-off, at `nextAt`. */
  async markRetry(ex: Executor, id: number, error: string, nextAt: string): Promise<void> {
    await this.sending(ex, id).set({ status: 'pending', error, claimed_at: null, next_attempt_at: nextAt }).execute();
  }

  /** The try failed and no other will follow. */
  async markFailed(ex: Executor, id: number, error: string): Promise<void> {
    await this.sending(ex, id).set({ status: 'failed', error, next_attempt_at: null }).execute();
  }

  private sending(ex: Executor, id: number) {
    return ex.updateTable('mail_outbox').where('id', '=', id).where('status', '=', 'sending');
  }
}
