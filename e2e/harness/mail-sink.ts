import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the sink received it; also the JSON shape of GET /messages. */
export interface SinkMail {
  /** Increasing from 1 in the order mails arrived. */
  id: number;
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

export interface MailSink {
  /** smtp://127.0.0.1:<port> — give it to the server as SMTP_URL. */
  smtpUrl: string;
  /** http://127.0.0.1:<port> — GET /messages[?to=addr], DELETE /messages. */
  httpUrl: string;
  mails: SinkMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 that accepts every mail (no auth, no STARTTLS), parses it with
 * mailparser and keeps it in memory, plus a tiny HTTP endpoint through which tests read it.
 */
export async function startMailSink(): Promise<MailSink> {
  const mails: SinkMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const from = session.envelope.mailFrom;
          mails.push({
            id: nextId++,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: from ? from.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
          });
          callback();
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });
  smtp.on('error', (err) => console.error('[mail-sink] SMTP error:', err));
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'DELETE') {
      mails.length = 0;
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((m) => m.to.includes(to)) : mails;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  api.listen(0, '127.0.0.1');
  await once(api, 'listening');
  const httpPort = (api.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    mails,
    async close() {
      api.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => api.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
