import { once } from 'node:events';
import net, { type AddressInfo, type Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { mailsTo, uniqueEmail, userInput } from '../../test/factories.js';

interface Received {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/** An SMTP server on 127.0.0.1 and a random port that parses and keeps what it receives. */
async function startSmtp({ reject = false } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (reject) callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.value.map((a) => `${a.name} <${a.address ?? ''}>`).join(', ') ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never says a word (an SMTP host that hangs). */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.size,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until the mail to an address has left the outbox's 'pending' state (delivery runs after the answer). */
async function deliveredRow(t: TestApp, email: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await mailsTo(t, email);
    if (row && row.status !== 'pending') return row;
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

  it('an SMTP server that is down does not fail the sign-up', async () => {
    const smtp = await startSmtp();
    await smtp.close(); // the port is now closed
    const t = await appWith({ SMTP_URL: smtp.url });
    const { row } = await signUp(t);
    expect(row.status).toBe('failed');
    expect(row.error).toBeTruthy();
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

    const [row] = await mailsTo(t, email);
    expect(row!.text_body).toMatch(/\b\d{6}\b/); // recorded before the answer

    // A known and an unknown address answer alike and at once, though the known one's mail hangs.
    started = Date.now();
    const known = await t.api('POST', 'forgot-password', { email });
    const unknown = await t.api('POST', 'forgot-password', { email: uniqueEmail('ghost') });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(silent.connections()).toBeGreaterThan(0);
  }, 20_000);
});
