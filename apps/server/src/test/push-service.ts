import { createECDH, randomBytes } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A self-signed certificate for 127.0.0.1, for tests only: the stand-in push service's. */
const CERT = `-----BEGIN CERTIFICATE-----
MIIBjzCCATagAwIBAgIUKJtw3P618Xe+ulTjhWSNfonD2OswCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMzE5MTMyNFoYDzIxMjYxMDMw
MTkxMzI0WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARl51gMpozfJdEs7jMU10wz/kyai/ZwECKAmAtGFyYhbO3fVytwgCUN
eWpLl48TfJASV+AafdZSwRXYhg3egSt6o2QwYjAdBgNVHQ4EFgQUfPZfcOEGtkJy
XY1xXG024FKXGGQwHwYDVR0jBBgwFoAUfPZfcOEGtkJyXY1xXG024FKXGGQwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0cAMEQC
IDr5QD92i9peGUekr3U6OBpys64sQ6JICI3xnTU+fkd+AiBMXowOAcGelw+ay8Oz
OSwvF8xWll5kJX3jfEcvwLnBxQ==
-----END CERTIFICATE-----
`;
/** Its key: a test fixture that guards nothing. */
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgMncO8aKkxagWO5zt
QIJd6FjWoGg+CV/rYhogYVWwsgahRANCAARl51gMpozfJdEs7jMU10wz/kyai/Zw
ECKAmAtGFyYhbO3fVytwgCUNeWpLl48TfJASV+AafdZSwRXYhg3egSt6
-----END PRIVATE KEY-----
`;

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A local HTTPS endpoint standing in for a browser vendor's push service: it records what it
 * receives and answers 201, or the status set for a path (404/410: the subscription is gone).
 */
export async function startPushService() {
  const received: PushRequest[] = [];
  const statusOf = new Map<string, number>();
  const server: Server = createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusOf.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    /** Trusts the stand-in's certificate. */
    agent: new Agent({ ca: CERT }),
    /** A browser's PushSubscription for a path of the stand-in, with the keys to read what it gets. */
    subscription(path: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        ecdh,
        auth,
        json: JSON.stringify({
          endpoint: `${base}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        }),
      };
    },
    fail: (path: string, status: number) => statusOf.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
