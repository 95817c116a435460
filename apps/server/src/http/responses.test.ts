import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { DOCUMENT_CSP, RESOURCE_CSP } from './response-headers.js';
import { buildUser, uniqueIp } from '../test/factories.js';
import { PNG_1X1, createTeam, multipart } from '../test/teams.js';

/** A stand-in for the built web app, so client routes get index.html as in production. */
function fakeWebDist(): string {
  const dir = path.join(tmpdir(), `rally-web-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Rally</title>');
  return dir;
}

describe('response headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST_DIR: fakeWebDist() });
  });
  afterAll(() => t.close());

  it('every API answer is Cache-Control: no-store (the login answer carries the token)', async () => {
    const user = await buildUser(t);
    const answers = [
      await t.api('GET', 'user/profile', undefined, user.token),
      await t.api('GET', 'health'),
      await t.api('POST', 'login', { email: 'nobody@example.test', password: 'wrong-one' }, undefined, {
        remoteAddress: uniqueIp(),
      }),
      await t.api('GET', 'user/profile'),
      await t.api('GET', 'no/such/call'),
    ];
    for (const res of answers) expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
  });

  it('no HSTS over plain HTTP', async () => {
    const res = await t.api('GET', 'health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const page = await t.api('GET', '/engagements');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('a missing uploaded file or asset is a 404, not the app page', async () => {
    for (const url of ['/files/teams/1/0123456789abcdef.png', '/static/levels/level-9.svg', '/assets/index-x.js']) {
      const res = await t.api('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // Client routes still get the app.
    const page = await t.api('GET', '/engagements/12/info');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('two files in one upload: 413 with a clear message in the envelope', async () => {
    const coach = await buildUser(t);
    const team = await createTeam(t, coach);
    const form = multipart([
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
      { name: 'avatar', filename: 'b.png', contentType: 'image/png', data: PNG_1X1 },
    ]);
    const res = await t.api('POST', `user/team/${team.id}/profile`, undefined, coach.token, {
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ message: Messages.oneFileOnly, code: 'too_many_files' });
  });
});

describe('security headers by kind of answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST_DIR: fakeWebDist() });
  });
  afterAll(() => t.close());

  const common = { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };

  it('the page: the full policy, framable by itself and the Teams and Microsoft 365 hosts only, in its own window group', async () => {
    const page = await t.api('GET', '/engagements');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers).toMatchObject({
      ...common,
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    const csp = page.headers['content-security-policy'];
    expect(csp).toBe(DOCUMENT_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(frameAncestorsOf(csp)).toBe(
      "frame-ancestors 'self' https://teams.microsoft.com https://*.teams.microsoft.com https://*.cloud.microsoft " +
        'https://*.microsoft365.com https://*.office.com https://outlook.office.com https://outlook.office365.com ' +
        'https://outlook-sdf.office.com https://outlook-sdf.office365.com',
    );
    // X-Frame-Options knows no list: any value would refuse the hosts frame-ancestors allows.
    expect(page.headers['x-frame-options']).toBeUndefined();
  });

  it('API answers, errors included, and files: never a document, never sniffed', async () => {
    const user = await buildUser(t);
    for (const res of [
      await t.api('GET', 'user/profile', undefined, user.token),
      await t.api('GET', 'user/profile'),
      await t.api('POST', 'login', '{"broken', undefined, { headers: { 'content-type': 'application/json' } }),
      await t.api('GET', '/static/levels/level-1.svg'),
      await t.api('GET', '/files/nothing-here.png'),
    ]) {
      expect(res.headers, `${res.statusCode} ${res.body.slice(0, 80)}`).toMatchObject({
        ...common,
        'content-security-policy': RESOURCE_CSP,
      });
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });
});

/** The frame-ancestors directive of a policy, whole. */
function frameAncestorsOf(csp: unknown): string | undefined {
  return String(csp)
    .split('; ')
    .find((directive) => directive.startsWith('frame-ancestors '));
}

describe('FRAME_ANCESTORS', () => {
  it('the page may be framed by exactly the configured list, and no X-Frame-Options contradicts it', async () => {
    const t = await buildTestApp({
      WEB_DIST_DIR: fakeWebDist(),
      FRAME_ANCESTORS: "'self'  https://host.teams.test https://*.example.org:8443",
    });
    try {
      for (const url of ['/engagements', '/integrations/teams/tab-config']) {
        const page = await t.api('GET', url);
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        expect(frameAncestorsOf(page.headers['content-security-policy']), url).toBe(
          "frame-ancestors 'self' https://host.teams.test https://*.example.org:8443",
        );
        expect(page.headers['x-frame-options'], url).toBeUndefined();
      }
      // Not a document: framed by no one whatever the setting.
      const api = await t.api('GET', 'health');
      expect(api.headers['content-security-policy']).toBe(RESOURCE_CSP);
    } finally {
      await t.close();
    }
  });
});

describe('HSTS behind TLS', () => {
  it('is sent when PUBLIC_URL is https, without includeSubDomains unless configured', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://rally.example' });
    try {
      const res = await t.api('GET', 'health');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await t.close();
    }
    const sub = await buildTestApp({ PUBLIC_URL: 'https://rally.example', HSTS_INCLUDE_SUBDOMAINS: 'true' });
    try {
      const res = await sub.api('GET', 'health');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await sub.close();
    }
  });

  it('is sent behind a TLS proxy that says so (TRUST_PROXY and X-Forwarded-Proto: https)', async () => {
    const t = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const tls = await t.api('GET', 'health', undefined, undefined, { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await t.api('GET', 'health', undefined, undefined, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
