import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.js';
import type { MailMessage } from './mailer.js';

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * The mail outbox: every mail is recorded here first; delivery is driven from the rows. Each
 * state change is one conditional UPDATE, so whichever node's statement changes the row owns
 * that step, and a late answer from a try that lost its claim changes nothing.
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

  /** Ids of pending mails due at `now`, oldest due first. */
  async dueIds(now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Claims a due mail for one try: the row, with its attempts already counted, if this call
   * moved it from 'pending' to 'sending'; undefined if another node got it first.
   */
  claim(id: number, now: string): Promise<OutboxRow | undefined> {
    return this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Without SMTP: claims every pending mail and marks it 'logged' in one statement. */
  claimAllAsLogged(now: string): Promise<OutboxRow[]> {
    return this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'logged',
        claimed_at: now,
        sent_at: now,
        next_attempt_at: null,
        attempts: eb('attempts', '+', 1),
      }))
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
  }

  /** The try `attempt` of mail `id` was accepted by the SMTP host. */
  async markSent(id: number, attempt: number, now: string): Promise<void> {
    await this.ownTry(id, attempt).set({ status: 'sent', sent_at: now, next_attempt_at: null }).execute();
  }

  /** The try failed; the mail is due again at `nextAt`. */
  async markRetry(id: number, attempt: number, error: string, nextAt: string): Promise<void> {
    await this.ownTry(id, attempt)
      .set({ status: 'pending', error, next_attempt_at: nextAt, claimed_at: null })
      .execute();
  }

  /** The try failed and no other will follow. */
  async markFailed(id: number, attempt: number, error: string): Promise<void> {
    await this.ownTry(id, attempt).set({ status: 'failed', error, next_attempt_at: null }).execute();
  }

  /**
   * Takes back tries claimed before `staleBefore` (their process died, or lost its database):
   * those with tries left are due again at `now`; the rest fail. Returns the rows that failed.
   */
  async releaseStale(staleBefore: string, now: string, maxAttempts: number): Promise<OutboxRow[]> {
    const stale = this.db
      .updateTable('mail_outbox')
      .where('status', '=', 'sending')
      .where('claimed_at', '<', staleBefore);
    const failed = await stale
      .where('attempts', '>=', maxAttempts)
      .set({ status: 'failed', error: 'interrupted while sending (the process stopped)', next_attempt_at: null })
      .returningAll()
      .execute();
    await stale.set({ status: 'pending', next_attempt_at: now, claimed_at: null }).execute();
    return failed;
  }

  /** An update that applies only while the row is still held by try `attempt`. */
  private ownTry(id: number, attempt: number) {
    return this.db
      .updateTable('mail_outbox')
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('attempts', '=', attempt);
  }
}
