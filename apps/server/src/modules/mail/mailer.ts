import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import { OutboxRepository } from './repository.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Records the mail in the outbox and starts its delivery; resolves once it is recorded, not
   * when it is delivered, so a slow or hanging SMTP host neither holds up the request nor shows
   * in its timing (which would tell who has an account).
   */
  send(message: MailMessage): Promise<void>;
  /** Waits for deliveries under way, then closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** The database of the outbox. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
}

/**
 * A small pool (an invitation batch is up to 50 mails, sent one after another over a few
 * connections, not 50 at once), and bounds for one delivery: nodemailer's defaults (2 min to
 * connect, 10 min idle) are far too long.
 */
const SMTP_DEFAULTS = {
  pool: true,
  maxConnections: 3,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/**
 * Every mail is written to the outbox first. With SMTP_URL it is then sent by nodemailer in the
 * background; without it the plain-text body is written to the server log so a local user can
 * read the code.
 */
export function createMailer({ db, log, smtpUrl, from }: MailerOptions): Mailer {
  const outbox = new OutboxRepository(db);
  // Settings in the URL's query (e.g. ?greetingTimeout=) still win over these defaults.
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({ ...SMTP_DEFAULTS, url: smtpUrl })
    : undefined;
  const deliveries = new Set<Promise<void>>();

  async function deliver(id: number, message: MailMessage, via: Transporter): Promise<void> {
    try {
      await via.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      await outbox.markDone(id, 'sent');
    } catch (err) {
      // The account change stands; the outbox keeps the failure for an operator to see.
      log.error({ err, mailTo: message.to }, 'mail delivery failed');
      await outbox.markFailed(id, err instanceof Error ? err.message : String(err));
    }
  }

  return {
    async send(message) {
      const id = await outbox.record(message);

      if (!transport) {
        // One readable line (the subject carries the code), the full text beside it.
        log.info(
          { mailTo: message.to, text: message.text },
          `mail to ${message.to} (no SMTP_URL set): ${message.subject}`,
        );
        await outbox.markDone(id, 'logged');
        return;
      }
      const delivery = deliver(id, message, transport)
        .catch((err: unknown) => log.error({ err, outboxId: id }, 'could not record the delivery result'))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    async close() {
      await Promise.all([...deliveries]);
      transport?.close();
    },
  };
}
