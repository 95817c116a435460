import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, Routes, WATERCOOLER_PATH } from '@rally/contract';
import { buildTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Every `METHOD /api/...` the app serves, read from Fastify's own route tree: each line is a
 * path segment, indented four characters per level under its parent.
 */
function registeredApiRoutes(): Set<string> {
  const found = new Set<string>();
  const segments: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    segments.length = depth;
    segments.push(match[2]!);
    const url = segments.join('');
    if (!url.startsWith('/api/')) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') found.add(`${method} ${url}`);
  }
  return found;
}

describe('the contract route table is what the server serves', () => {
  it('every route of the table is registered, and nothing under /api besides', () => {
    const table = new Set(Object.values(Routes).map((r) => `${r.method} /api/${r.path}`));
    // The deliberate exceptions: the WebSockets are no JSON calls of the table. The realtime one
    // (realtime/gateway.ts) speaks the contract's `ClientMessage`/`ServerMessage` (realtime.ts), the
    // watercooler's room socket (modules/watercooler/socket.ts) its own (watercooler.ts).
    table.add(`GET /api/${REALTIME_PATH}`);
    table.add(`GET /api/${WATERCOOLER_PATH}`);
    expect(registeredApiRoutes()).toEqual(table);
  });
});
