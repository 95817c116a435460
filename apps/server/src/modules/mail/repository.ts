import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import type { MailMessage } from './mailer.js';

/** The mail outbox: every mail is recorded here first, then marked with how its delivery went. */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a mail as pending; returns its id. */
  async record(message: MailMessage): Promise<number> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        status: 'pending',
        error: null,
        created_at: nowIso(),
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Handed to the SMTP host ('sent'), or written to the log for want of one ('logged'). */
  async markDone(id: number, status: 'sent' | 'logged'): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ status, sent_at: nowIso() }).where('id', '=', id).execute();
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ status: 'failed', error }).where('id', '=', id).execute();
  }
}
