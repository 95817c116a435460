import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import type { Database, MailOutboxTable } from '../../db/schema.js';
import { startSilentServer, startSmtp } from '../../test/smtp.js';
import { buildTestApp, dropTestSchema, testDatabaseUrl, whileSchemasStay, type TestApp } from '../../test/app.js';
import { mailsTo, uniqueEmail, userInput } from '../../test/factories.js';
import { transact } from '../../events/log.js';
import { WorkQueue } from '../../queue/work-queue.js';
import { createMailer, MAIL_DELIVER, type MailerOptions } from './mailer.js';

/**
 * Waits until the first delivery attempt of the mail to an address has ended: it was handed on,
 * failed for good, or is back to 'pending' for a later try (delivery runs after the answer).
 */
async function deliveredRow(t: TestApp, email: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await mailsTo(t, email);
    if (row && row.status !== 'sending' && (row.status !== 'pending' || row.attempts > 0)) return row;
    if (Date.now() > until) throw new Error(`mail to ${email} still ${row?.status ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('mail over SMTP', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const appWith = async (env: Record<string, string>): Promise<TestApp> => {
    const t = await buildTestApp(env);
    cleanups.push(() => t.close());
    return t;
  };

  const register = (t: TestApp, email: string) => {
    const u = userInput({ email });
    return t.api('POST', 'register', { ...u, password_confirmation: u.password });
  };

  /** Signs up a new address (201) and waits until its verification mail has been handed on or has failed. */
  const signUp = async (t: TestApp) => {
    const email = uniqueEmail();
    const res = await register(t, email);
    expect(res.statusCode, res.body).toBe(201);
    return { email, row: await deliveredRow(t, email) };
  };

  it('delivers the verification mail with the code in its plain-text part; the outbox says sent', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await appWith({ SMTP_URL: smtp.url, MAIL_FROM: 'Rally Test <rally@example.test>' });

    const { email, row } = await signUp(t);
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(row.sent_at).not.toBeNull();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('Rally Test <rally@example.test>');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, mail.text).toBeDefined();
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain('http://rally.test/verify-account');

    // The delivered code is the live one.
    const verified = await t.api('POST', 'verify-account', { email, verification_code: code });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('a refused delivery keeps the account and marks the mail failed with the reason', async () => {
    const smtp = await startSmtp({ reject: true });
    cleanups.push(smtp.close);
    const t = await appWith({ SMTP_URL: smtp.url });

    const { email, row } = await signUp(t);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/550|mailbox unavailable/);
    expect(row.sent_at).toBeNull();
    // The user can ask for the code again once mail works; the call itself still answers 200.
    const resend = await t.api('POST', 'resend-verification-code', { email });
    expect(resend.statusCode).toBe(200);
  });

  it('an SMTP server that is down does not fail the sign-up; the mail waits for a later try', async () => {
    const smtp = await startSmtp();
    await smtp.close(); // the port is now closed
    const t = await appWith({ SMTP_URL: smtp.url });
    const { row } = await signUp(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row.error).toBeTruthy();
    expect(Date.parse(row.next_attempt_at!)).toBeGreaterThan(Date.parse(row.created_at) + 30_000);
  });

  it('an SMTP host that hangs does not hold up sign-up or forgot-password (nor reveal who has an account)', async () => {
    const silent = await startSilentServer();
    const t = await appWith({ SMTP_URL: silent.url });
    // Cleanups run in reverse: the hanging connections drop first, so the app's deliveries end.
    cleanups.push(silent.close);

    const email = uniqueEmail();
    let started = Date.now();
    const res = await register(t, email);
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(5_000);

    // Recorded before the answer (read straight from the table: its delivery hangs, by design).
    const row = await t.db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.text_body).toMatch(/\b\d{6}\b/);

    // A known and an unknown address answer alike and at once, though the known one's mail hangs.
    started = Date.now();
    const known = await t.api('POST', 'forgot-password', { email });
    const unknown = await t.api('POST', 'forgot-password', { email: uniqueEmail('ghost') });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    // Delivery starts once the sign-up has committed, and hangs there.
    await until(() => silent.connections() > 0, 'a delivery to the silent host');
  }, 20_000);
});

/**
 * A fresh, migrated database for the outbox alone (no app, so no other mailer polls it): a
 * temporary SQLite file, or a schema of its own on the test PostgreSQL. `open()` gives another
 * handle on the same database, as a second API process would have.
 */
async function outboxDatabase() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-outbox-'));
  const schema = testDatabaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  const handles: Kysely<Database>[] = [];
  const openFull = () => {
    const full = openDatabase({
      databaseUrl: testDatabaseUrl,
      sqliteFile: path.join(dir, 'outbox.sqlite'),
      ...(schema ? { pgSchema: schema } : {}),
    });
    handles.push(full.kysely);
    return full;
  };
  const open = () => openFull().kysely;
  const full = openFull();
  const db = full.kysely;
  await whileSchemasStay(() => migrateToLatest(db));
  return {
    db,
    /** The first handle with its commit hook and listener access (for an event dispatcher). */
    full,
    open,
    close: async () => {
      for (const h of handles.splice(0)) await h.destroy();
      if (schema) await dropTestSchema(schema);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A logger that keeps its lines (pino's JSON) for the test to read. */
function capturedLog() {
  const lines: { level: number; msg: string; outboxId?: number; [k: string]: unknown }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** A clock the test moves by hand. */
function manualClock(start = '2026-11-23T10:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const FROM = 'Rally Test <rally@example.test>';
const mail = (n: number | string) => ({ to: `to.${n}@example.test`, subject: `Mail ${n}`, text: `Body ${n}` });

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('mail outbox: retries, crashes, several nodes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const setUp = async (sinkOptions: Parameters<typeof startSmtp>[0] = {}) => {
    const sink = await startSmtp(sinkOptions);
    cleanups.push(sink.close);
    const store = await outboxDatabase();
    cleanups.push(store.close);
    const { log, lines } = capturedLog();
    const clock = manualClock();
    /** A node: its work queue (on the test's clock) and its mailer; `flush` runs what is due. */
    const node = async (db: Kysely<Database>, extra: Partial<MailerOptions> = {}, smtp = true) => {
      const queue = new WorkQueue({ db, dialect: store.full.dialect, log, now: () => clock.now().getTime() });
      const mailer = createMailer({ db, queue, log, smtpUrl: smtp ? sink.url : undefined, from: FROM, ...extra });
      await queue.start();
      cleanups.push(async () => {
        await queue.close();
        mailer.close();
      });
      return { mailer, queue, flush: () => queue.idle() };
    };
    const rows = () => store.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    /** Writes an outbox row and its delivery job as another (crashed) process left them. */
    const leftBehind = async (
      n: number,
      row: Partial<Insertable<MailOutboxTable>> & { status: 'pending' | 'sending' },
      job: { state: 'queued' | 'running'; leased_until?: string; attempts?: number } = { state: 'queued' },
    ) => {
      const createdAt = new Date(clock.now().getTime() - 60 * 60_000).toISOString();
      const { id } = await store.db
        .insertInto('mail_outbox')
        .values({
          to_address: mail(n).to,
          subject: mail(n).subject,
          text_body: mail(n).text,
          html_body: null,
          error: null,
          created_at: createdAt,
          sent_at: null,
          attempts: 0,
          next_attempt_at: createdAt,
          claimed_at: null,
          ...row,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await store.db
        .insertInto('jobs')
        .values({
          queue: MAIL_DELIVER,
          key: null,
          payload: JSON.stringify({ id }),
          state: job.state,
          attempts: job.attempts ?? (job.state === 'running' ? 1 : 0),
          run_at: createdAt,
          leased_by: job.state === 'running' ? 'a-process-that-died' : null,
          leased_until: job.leased_until ?? null,
          created_at: createdAt,
        })
        .execute();
      return id;
    };
    const minutesAgo = (m: number) => new Date(clock.now().getTime() + m * -60_000).toISOString();
    return { sink, store, log, lines, clock, node, rows, leftBehind, minutesAgo };
  };

  it('a transient SMTP failure (451) is tried again after the back-off, then sent once', async () => {
    const { sink, store, clock, node, rows } = await setUp({ answer: (n) => (n === 1 ? 451 : undefined) });
    const { mailer, flush } = await node(store.db, { backoffMs: [60_000, 300_000] });

    await mailer.send(mail(1));
    await flush();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row!.error).toMatch(/451/);
    const [job] = await store.db.selectFrom('jobs').selectAll().execute();
    expect(job).toMatchObject({ queue: MAIL_DELIVER, state: 'queued', attempts: 1 });
    expect(job!.run_at).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    expect(sink.received).toHaveLength(0);

    clock.advance(59_000); // not yet due
    await flush();
    expect(sink.rcpts()).toBe(1);

    clock.advance(1_000);
    await flush();
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sink.received.map((m) => m.subject)).toEqual(['Mail 1']);
    expect(await store.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('gives up after maxAttempts: the row is failed with the error, an error line names it, the job is kept as failed', async () => {
    const { sink, store, clock, lines, node, rows } = await setUp({ answer: () => 451 });
    const { mailer, queue, flush } = await node(store.db, { backoffMs: [1_000, 2_000], maxAttempts: 3 });

    await mailer.send(mail(1));
    for (let i = 1; i <= 3; i++) {
      await flush();
      const [row] = await rows();
      expect(row).toMatchObject({ status: i < 3 ? 'pending' : 'failed', attempts: i, sent_at: null });
      clock.advance(60_000);
    }
    const [row] = await rows();
    expect(row!.error).toMatch(/451/);
    const gaveUp = lines.filter((l) => l.level === 50 && l.outboxId === row!.id);
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]!.msg).toMatch(/after 3 attempts/);
    const failed = await queue.failed(MAIL_DELIVER);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.last_error).toMatch(/451/);

    // Failed stays failed.
    clock.advance(24 * 60 * 60_000);
    await flush();
    expect(sink.rcpts()).toBe(3);
  });

  it('a 5xx answer fails the mail at once, without another attempt', async () => {
    const { sink, store, node, rows } = await setUp({ reject: true });
    const { mailer, flush } = await node(store.db);
    await mailer.send(mail(1));
    await flush();
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(sink.rcpts()).toBe(1);
    expect((await store.db.selectFrom('jobs').select('state').execute()).map((j) => j.state)).toEqual(['failed']);
  });

  it('a mail recorded in a transaction that rolls back is never sent; one that commits is, without a flush', async () => {
    const { sink, store, node, rows } = await setUp();
    const { mailer, flush } = await node(store.db);

    await expect(
      transact(store.db, async (trx) => {
        await mailer.send(mail('rolled-back'), trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await transact(store.db, (trx) => mailer.send(mail('committed'), trx));

    // The commit wakes the queue: nothing else asks it to look.
    await until(() => sink.received.length > 0, 'the committed mail');
    await flush();
    expect(sink.received.map((m) => m.subject)).toEqual(['Mail committed']);
    expect((await rows()).map((r) => [r.subject, r.status])).toEqual([['Mail committed', 'sent']]);
  });

  it('mails a crashed process left queued or running are sent exactly once by the next node', async () => {
    const { sink, store, node, rows, leftBehind, minutesAgo } = await setUp();
    const stuck = await leftBehind(
      1,
      { status: 'sending', attempts: 1, claimed_at: minutesAgo(10) },
      { state: 'running', leased_until: minutesAgo(8) },
    );
    const pending = await leftBehind(2, { status: 'pending' });
    // Its lease holds: another node may be sending it right now, so it is left alone.
    const busy = await leftBehind(
      3,
      { status: 'sending', attempts: 1, claimed_at: minutesAgo(0) },
      { state: 'running', leased_until: minutesAgo(-1) },
    );

    const { flush } = await node(store.db);
    await flush();
    await flush();
    expect(sink.received.map((m) => m.subject).sort()).toEqual(['Mail 1', 'Mail 2']);
    const byId = new Map((await rows()).map((r) => [r.id, r]));
    expect(byId.get(stuck)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byId.get(pending)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(byId.get(busy)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('two nodes over one database send each of 30 mails exactly once', async () => {
    const { sink, store, node, rows, leftBehind } = await setUp();
    for (let n = 1; n <= 30; n++) await leftBehind(n, { status: 'pending' });

    const a = await node(store.db);
    const b = await node(store.open()); // its own connection, as another process has
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);

    expect(sink.received).toHaveLength(30);
    expect(new Set(sink.received.map((m) => m.subject)).size).toBe(30);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('the Message-ID comes from the outbox row, so a mail sent again after a crash is the same mail', async () => {
    const { sink, store, node, rows, minutesAgo } = await setUp();
    const first = await node(store.db);
    await first.mailer.send(mail(1));
    await first.flush();
    const [row] = await rows();
    const expected = `<outbox-${row!.id}-${Date.parse(row!.created_at)}@example.test>`;
    expect(sink.received.map((m) => m.messageId)).toEqual([expected]);

    // The process died after the SMTP host took the mail, before it wrote 'sent' and ended the job.
    await store.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', sent_at: null, claimed_at: minutesAgo(10) })
      .where('id', '=', row!.id)
      .execute();
    await store.db
      .insertInto('jobs')
      .values({
        queue: MAIL_DELIVER,
        key: null,
        payload: JSON.stringify({ id: row!.id }),
        state: 'running',
        attempts: 1,
        run_at: minutesAgo(10),
        leased_by: 'a-process-that-died',
        leased_until: minutesAgo(8),
        created_at: minutesAgo(10),
      })
      .execute();
    const next = await node(store.db);
    await next.flush();
    expect(sink.received.map((m) => m.messageId)).toEqual([expected, expected]);
  });

  it('without SMTP_URL a mail is one readable log line and ends logged; a rolled-back one is not logged', async () => {
    const { store, lines, node } = await setUp();
    const { mailer, flush } = await node(store.db, {}, false);

    await mailer.send({ to: 'you@example.com', subject: 'Your Rally verification code is 123456', text: 'Hi' });
    await expect(
      transact(store.db, async (trx) => {
        await mailer.send(mail('rolled-back'), trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await flush();

    const row = await store.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('logged');
    expect(lines.map((l) => l.msg).filter((m) => m.startsWith('mail to'))).toEqual([
      'mail to you@example.com (no SMTP_URL set): Your Rally verification code is 123456',
    ]);
  });
});
