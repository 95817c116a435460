/** SMTP servers for tests: one that keeps what it receives, one that never answers. */
import { once } from 'node:events';
import net, { type AddressInfo, type Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  from: string;
  subject: string;
  text: string;
  messageId: string;
}

/**
 * An SMTP server on 127.0.0.1 and a random port that parses and keeps what it receives.
 * `answer(n)` is asked at the n-th RCPT TO (from 1): a response code refuses it (4xx: try later,
 * 5xx: never), undefined accepts it.
 */
export async function startSmtp({
  reject = false,
  answer = (): number | undefined => (reject ? 550 : undefined),
}: { reject?: boolean; answer?: (n: number) => number | undefined } = {}) {
  const received: Received[] = [];
  let rcpts = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      const code = answer(++rcpts);
      if (code === undefined) callback();
      else if (code >= 500) callback(Object.assign(new Error('mailbox unavailable'), { responseCode: code }));
      else callback(Object.assign(new Error('greylisted, try again later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.value.map((a) => `${a.name} <${a.address ?? ''}>`).join(', ') ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
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
    /** RCPT TO commands seen (delivery attempts, accepted or not). */
    rcpts: () => rcpts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never says a word (an SMTP host that hangs). */
export async function startSilentServer() {
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
