import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
}

/**
 * Every mail is written to the outbox first. With SMTP_URL it is then sent by nodemailer;
 * without it the plain-text body is written to the server log so a local user can read the code.
 */
export function createMailer({ db, log, smtpUrl, from }: MailerOptions): Mailer {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  return {
    async send(message) {
      const row = await db
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

      if (!transport) {
        log.info({ mailTo: message.to, subject: message.subject }, `mail (no SMTP_URL set):\n${message.text}`);
        await db.updateTable('mail_outbox').set({ status: 'logged', sent_at: nowIso() }).where('id', '=', row.id).execute();
        return;
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: nowIso() }).where('id', '=', row.id).execute();
      } catch (err) {
        // The account change stands; the outbox keeps the failure for an operator to see.
        log.error({ err, mailTo: message.to }, 'mail delivery failed');
        await db
          .updateTable('mail_outbox')
          .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
          .where('id', '=', row.id)
          .execute();
      }
    },
    close() {
      transport?.close();
    },
  };
}
