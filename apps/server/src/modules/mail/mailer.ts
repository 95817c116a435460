import type { Kysely, Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import { OutboxRepository, type OutboxRow } from './repository.js';
import { MINUTE } from '../../lib/clock.js';
import { recordEvent } from '../../events/log.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Records the mail in the outbox and wakes the dispatcher; resolves once it is recorded, not
   * when it is delivered, so a slow or hanging SMTP host neither holds up the request nor shows
   * in its timing (which would tell who has an account). Given a transaction, the mail is
   * recorded inside it with a `mail.queued` event (the event log, ADR 0024), so it exists, and
   * goes out, exactly when the change that caused it commits: the log's mail consumer wakes the
   * mailer after that commit (`queued`). Record it last in the transaction (events/log.ts).
   */
  send(message: MailMessage, trx?: Transaction<Database>): Promise<void>;
  /**
   * Mails were committed to the outbox (the event log's mail consumer): deliver them now. Like
   * `send` without a transaction, it waits only when there is no SMTP host (the mail is logged).
   */
  queued(): Promise<void>;
  /** Runs a dispatch pass now (stale claims back, due mails sent) and waits for it; for tests. */
  flush(): Promise<void>;
  /** Stops the timers, waits for deliveries under way, then closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** The database of the outbox. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
  /** The clock (tests move it by hand). */
  now?: () => Date;
  /** Wait before the 2nd, 3rd, … try; the last entry repeats. */
  backoffMs?: readonly number[];
  /** Tries before a mail is failed for good. */
  maxAttempts?: number;
  /** How often the outbox is polled for due retries and mails other nodes left behind. */
  pollIntervalMs?: number;
  /**
   * A try claimed longer ago than this was interrupted (its process died) and is taken back.
   * Must exceed the longest one SMTP delivery can take with the timeouts below.
   */
  staleClaimMs?: number;
}

export const OUTBOX_DEFAULTS = {
  backoffMs: [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE],
  maxAttempts: 5,
  pollIntervalMs: 30_000,
  staleClaimMs: 5 * MINUTE,
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

/** Mails claimed per query, and sent at once (one per pooled connection). */
const BATCH = 20;
const CONCURRENCY = SMTP_DEFAULTS.maxConnections;

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
 * Every mail is written to the outbox first; a dispatcher then delivers from the table. With
 * SMTP_URL it claims each due row (one node wins the claim), sends it with nodemailer and
 * records the result, retrying with back-off; without SMTP_URL it writes each mail to the log
 * as one line, so a local user can read the code. See ADR 0008.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { db, log, smtpUrl, from } = options;
  const now = options.now ?? (() => new Date());
  const backoffMs = options.backoffMs ?? OUTBOX_DEFAULTS.backoffMs;
  const maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  const staleClaimMs = options.staleClaimMs ?? OUTBOX_DEFAULTS.staleClaimMs;
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  const outbox = new OutboxRepository(db);
  // Settings in the URL's query (e.g. ?greetingTimeout=) still win over these defaults.
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({ ...SMTP_DEFAULTS, url: smtpUrl })
    : undefined;

  async function deliver(id: number, via: Transporter): Promise<void> {
    const row = await outbox.claim(id, iso());
    if (!row) return; // another node has it
    const attempt = row.attempts;
    try {
      await via.sendMail({
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
        await outbox.markFailed(id, attempt, error);
        log.error(
          { err, outboxId: id, mailTo: row.to_address, attempts: attempt },
          `mail ${id} failed for good after ${attempt} attempts: ${error}`,
        );
      } else {
        const waitMs = backoffMs[Math.min(attempt, backoffMs.length) - 1] ?? MINUTE;
        const nextAt = iso(waitMs);
        await outbox.markRetry(id, attempt, error, nextAt);
        log.warn(
          { err, outboxId: id, mailTo: row.to_address, attempts: attempt, nextAttemptAt: nextAt },
          `mail ${id} not delivered (attempt ${attempt} of ${maxAttempts}), trying again at ${nextAt}: ${error}`,
        );
      }
      return;
    }
    // Outside the try: if this write fails the row stays 'sending' and is taken back later, sent
    // again with the same Message-ID, rather than retried at once as if SMTP had refused it.
    await outbox.markSent(id, attempt, iso());
  }

  /** One pass: take back interrupted tries, then deliver (or log) everything due. */
  async function pass(): Promise<void> {
    for (const row of await outbox.releaseStale(iso(-staleClaimMs), iso(), maxAttempts)) {
      log.error(
        { outboxId: row.id, mailTo: row.to_address, attempts: row.attempts },
        `mail ${row.id} failed for good after ${row.attempts} attempts: interrupted while sending`,
      );
    }
    if (!transport) {
      for (const row of await outbox.claimAllAsLogged(iso())) {
        // One readable line (the subject carries the code), the full text beside it.
        log.info(
          { mailTo: row.to_address, text: row.text_body, outboxId: row.id },
          `mail to ${row.to_address} (no SMTP_URL set): ${row.subject}`,
        );
      }
      return;
    }
    while (!closed) {
      const ids = await outbox.dueIds(iso(), BATCH);
      for (let i = 0; i < ids.length && !closed; i += CONCURRENCY) {
        await Promise.all(ids.slice(i, i + CONCURRENCY).map((id) => deliver(id, transport)));
      }
      if (ids.length < BATCH) return;
    }
  }

  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  /** Starts a pass, or asks the running one for another round; resolves when they are done. */
  function wake(): Promise<void> {
    if (closed) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (err) {
          log.error({ err }, 'mail outbox pass failed; the next one tries again');
        }
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const poll = setInterval(() => void wake(), options.pollIntervalMs ?? OUTBOX_DEFAULTS.pollIntervalMs);
  poll.unref();
  // Mails a previous process left pending or half-sent go out now, not at the first poll.
  void wake();

  return {
    async send(message, trx) {
      await outbox.record(message, iso(), trx);
      if (trx) await recordEvent(trx, { type: 'mail.queued', team_id: null });
      else if (!transport) {
        // Logging is instant: the mail is 'logged' by the time send resolves.
        await wake();
      } else {
        void wake();
      }
    },
    async queued() {
      if (!transport) await wake();
      else void wake();
    },
    flush: wake,
    async close() {
      closed = true;
      clearInterval(poll);
      await running;
      transport?.close();
    },
  };
}
