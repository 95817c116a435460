import type { Kysely, Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import { OutboxRepository, type OutboxRow } from './repository.js';
import { MINUTE } from '../../lib/clock.js';
import { transact } from '../../events/log.js';
import { backoffAfter, PermanentJobError, type WorkQueue } from '../../queue/work-queue.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Records the mail in the outbox and queues its delivery (`mail.deliver` on the work queue, ADR
   * 0039); resolves once it is recorded, not when it is delivered, so a slow or hanging SMTP host
   * neither holds up the request nor shows in its timing (which would tell who has an account).
   * Given a transaction of `transact`, both are part of it: the mail exists, and goes out,
   * exactly when the change that caused it commits.
   */
  send(message: MailMessage, trx?: Transaction<Database>): Promise<void>;
  /** Closes the SMTP connections (the queue has finished the deliveries under way). */
  close(): void;
}

export interface MailerOptions {
  /** The database of the outbox. */
  db: Kysely<Database>;
  queue: WorkQueue;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
  /** Wait before the 2nd, 3rd, … try; the last entry repeats. */
  backoffMs?: readonly number[];
  /** Tries before a mail is failed for good. */
  maxAttempts?: number;
}

export const OUTBOX_DEFAULTS = {
  backoffMs: [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE],
  maxAttempts: 5,
} as const;

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

/** The queue that delivers a mail of the outbox: `{ id }` of its row. */
export const MAIL_DELIVER = 'mail.deliver';

/**
 * A Message-ID fixed by the outbox row: a mail sent again after a crash (the SMTP host took it,
 * the process died before writing 'sent') carries the same id, and mail systems treat the two
 * as one message.
 */
export function messageIdFor(row: Pick<OutboxRow, 'id' | 'created_at'>, from: string): string {
  const host = /@([^\s>]+)/.exec(from)?.[1] ?? 'rally.local';
  return `<outbox-${row.id}-${Date.parse(row.created_at)}@${host}>`;
}

/**
 * An SMTP 5xx answer about the mail (recipient or content refused) is final; trying again gives
 * the same answer. A refused login (EAUTH) is the operator's to fix, so it is retried, as are
 * 4xx answers and network errors.
 */
function isPermanent(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { responseCode, code } = err as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Every mail is written to the outbox first, with a job of the work queue that delivers it. With
 * SMTP_URL the job sends it with nodemailer and records the result, retried with back-off by the
 * queue; without SMTP_URL it writes the mail to the log as one line, so a local user can read the
 * code. See ADR 0008 and 0039.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { db, queue, log, smtpUrl, from } = options;
  const backoffMs = options.backoffMs ?? OUTBOX_DEFAULTS.backoffMs;
  const maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  const iso = () => new Date().toISOString();

  const outbox = new OutboxRepository();
  // Settings in the URL's query (e.g. ?greetingTimeout=) still win over these defaults.
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({ ...SMTP_DEFAULTS, url: smtpUrl })
    : undefined;

  // The delivery's outbox writes run on the database handle, each one statement that commits as
  // it runs, as the work queue's own claim and bookkeeping do: the take is atomic by itself (one
  // UPDATE … WHERE status IN ('pending', 'sending') RETURNING), and no transaction is held open
  // across the SMTP conversation.
  async function deliver(id: number, attempt: number): Promise<void> {
    const row = await outbox.take(db, id, attempt);
    if (!row) return; // sent already (a run that died after the SMTP host took it)
    if (!transport) {
      // One readable line (the subject carries the code), the full text beside it.
      log.info(
        { mailTo: row.to_address, text: row.text_body, outboxId: row.id },
        `mail to ${row.to_address} (no SMTP_URL set): ${row.subject}`,
      );
      await outbox.markDone(db, id, 'logged', iso());
      return;
    }
    try {
      await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body !== null ? { html: row.html_body } : {}),
        messageId: messageIdFor(row, from),
      });
    } catch (err) {
      const error = messageOf(err);
      if (isPermanent(err) || attempt >= maxAttempts) {
        await outbox.markFailed(db, id, error);
        log.error(
          { err, outboxId: id, mailTo: row.to_address, attempts: attempt },
          `mail ${id} failed for good after ${attempt} attempts: ${error}`,
        );
        throw new PermanentJobError(error);
      }
      const nextAt = new Date(Date.now() + backoffAfter(backoffMs, attempt)).toISOString();
      await outbox.markRetry(db, id, error, nextAt);
      log.warn(
        { err, outboxId: id, mailTo: row.to_address, attempts: attempt, nextAttemptAt: nextAt },
        `mail ${id} not delivered (attempt ${attempt} of ${maxAttempts}), trying again at ${nextAt}: ${error}`,
      );
      throw err;
    }
    // A failure of this write leaves the job to run again: the mail is sent again with the same
    // Message-ID, which mail systems take as the same message.
    await outbox.markDone(db, id, 'sent', iso());
  }

  queue.define<{ id: number }>({
    name: MAIL_DELIVER,
    // A few connections of the pool at once: an invitation batch is up to 50 mails.
    concurrency: SMTP_DEFAULTS.maxConnections,
    maxAttempts,
    backoffMs,
    // Longer than one delivery can take with the timeouts above.
    leaseMs: 2 * MINUTE,
    handle: ({ id }, job) => deliver(id, job.attempt),
  });

  const record = async (message: MailMessage, trx: Transaction<Database>) => {
    const id = await outbox.record(trx, message, iso());
    await queue.enqueue(trx, MAIL_DELIVER, { id });
  };

  return {
    send: (message, trx) => (trx ? record(message, trx) : transact(db, (t) => record(message, t))),
    close: () => transport?.close(),
  };
}
