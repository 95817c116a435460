import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { GeocodeMessages, GeocoderService } from './service.js';

/** A local stand-in for a Nominatim server: what it was asked, and answers chosen by the query. */
let stub: Server;
let stubUrl: string;
const asked: { url: URL; headers: IncomingHttpHeaders }[] = [];

const place = (n: number) => ({
  display_name: `Place ${n}, Springfield`,
  lat: `${40 + n / 10}`,
  lon: `${-3 - n / 10}`,
});

function startStub(): Promise<void> {
  stub = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    asked.push({ url, headers: req.headers });
    const q = url.searchParams.get('q');
    if (url.pathname !== '/base/search') return void res.writeHead(404).end();
    if (q === 'broken') return void res.writeHead(500).end('oops');
    if (q === 'not json') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
    if (q === 'slow one') return; // never answers
    const body = [place(1), { display_name: 'Nowhere', lat: 'x', lon: '1' }, place(2), place(3), place(4), place(5)];
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  return new Promise((resolve) =>
    stub.listen(0, '127.0.0.1', () => {
      stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/base/`;
      resolve();
    }),
  );
}

let t: TestApp;
let bare: TestApp;
let user: SignedUpUser;

beforeAll(async () => {
  await startStub();
  [t, bare] = await Promise.all([
    buildTestApp({ GEOCODER_URL: stubUrl, LIMIT_GEOCODE_PER_MINUTE: '4' }),
    buildTestApp(),
  ]);
  user = await buildUser(t);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  stub?.closeAllConnections();
  await new Promise((resolve) => stub?.close(resolve));
});

describe('GET geocode (configured)', () => {
  it('says a geocoder is configured', async () => {
    const res = await t.api('GET', 'geocode/config', undefined, user.token);
    expect(res.json().data).toEqual({ enabled: true });
  });

  it('asks the geocoder for 5 matches with a User-Agent and answers label, lat and lng', async () => {
    asked.length = 0;
    const res = await t.api('GET', `geocode?q=${encodeURIComponent('Main St & 5th')}`, undefined, user.token, {
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The malformed match is dropped; at most 5 of what came back are looked at.
    expect(res.json().data).toEqual([
      { label: 'Place 1, Springfield', lat: 40.1, lng: -3.1 },
      { label: 'Place 2, Springfield', lat: 40.2, lng: -3.2 },
      { label: 'Place 3, Springfield', lat: 40.3, lng: -3.3 },
      { label: 'Place 4, Springfield', lat: 40.4, lng: -3.4 },
    ]);
    expect(asked).toHaveLength(1);
    const [call] = asked;
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ format: 'jsonv2', q: 'Main St & 5th', limit: '5' });
    expect(call!.headers['user-agent']).toBe('Rally (+http://rally.test)');
    expect(call!.headers['accept-language']).toBe('de');
  });

  it('a failing or garbled geocoder is a 502 with a clear message', async () => {
    const other = await buildUser(t);
    for (const q of ['broken', 'not json']) {
      const res = await t.api('GET', `geocode?q=${encodeURIComponent(q)}`, undefined, other.token);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'geocoder_unavailable', message: GeocodeMessages.unavailable });
    }
  });

  it('needs a query of 2 characters or more, and a signed-in user', async () => {
    expect((await t.api('GET', 'geocode?q=a', undefined, user.token)).statusCode).toBe(422);
    expect((await t.api('GET', 'geocode', undefined, user.token)).statusCode).toBe(422);
    const guest = await t.api('GET', 'geocode?q=Paris', undefined, undefined);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(Messages.unauthenticated);
    expect((await t.api('GET', 'geocode/config', undefined, undefined)).statusCode).toBe(401);
  });

  it('is limited per user (LIMIT_GEOCODE_PER_MINUTE), whatever their address', async () => {
    const [busy, calm] = await Promise.all([buildUser(t), buildUser(t)]);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.api('GET', `geocode?q=Town${i}`, undefined, busy.token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await t.api('GET', 'geocode?q=Town', undefined, calm.token)).statusCode).toBe(200);
  });
});

describe('GET geocode (not configured)', () => {
  it('says so: config answers false and a lookup is a 404 naming GEOCODER_URL', async () => {
    const someone = await buildUser(bare);
    expect((await bare.api('GET', 'geocode/config', undefined, someone.token)).json().data).toEqual({ enabled: false });
    const res = await bare.api('GET', 'geocode?q=Paris', undefined, someone.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: GeocodeMessages.notConfigured });
  });
});

describe('GeocoderService', () => {
  it('gives up after its timeout (5 s in the app) with the same 502', async () => {
    const geocoder = new GeocoderService({ baseUrl: stubUrl, userAgent: 'test', timeoutMs: 200 });
    const started = Date.now();
    await expect(geocoder.search('slow one')).rejects.toMatchObject({ statusCode: 502, code: 'geocoder_unavailable' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
