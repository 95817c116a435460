import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';

/**
 * Sends `raw` over a real socket and resolves with what came back and how long the server kept
 * the connection open. Bounded: the test gives up after 10 s.
 */
function hold(port: number, raw: string): Promise<{ reply: string; openMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('close', () => resolve({ reply, openMs: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection open for 10 s'));
    }, 10_000).unref();
  });
}

describe('requests that never finish are closed', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a body that stops short of its Content-Length: 408, then the connection closes', async () => {
    const { reply, openMs } = await hold(
      port,
      'POST /api/login HTTP/1.1\r\nHost: rally.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(openMs).toBeLessThan(5_000);
  });

  it('headers that never end: closed too', async () => {
    const { reply, openMs } = await hold(port, 'GET /api/health HTTP/1.1\r\nHost: rally.test\r\nX-Slow: a');
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(openMs).toBeLessThan(5_000);
  });

  it('a normal request on the same server is answered', async () => {
    const { reply } = await hold(port, 'GET /api/health HTTP/1.1\r\nHost: rally.test\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
  });
});
