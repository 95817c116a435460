import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { Messages, PAGE_BOOT_SCRIPT, SIGNED_IN_BOOT_SCRIPT } from '@rally/contract';
import { useTestApp } from '../test/app.js';
import { DOCUMENT_CSP } from './response-headers.js';
import { IMMUTABLE, REVALIDATE } from './web-app.js';

const JS = 'export const answer = 42;\n'.repeat(100);
const HTML = '<!doctype html><title>Rally</title><div id="root"></div>';
/** A prerendered guest screen (apps/web/src/prerender.tsx): index.html with the screen in #root. */
const LOGIN_HTML = `<!doctype html><title>Rally</title><script>${PAGE_BOOT_SCRIPT}</script><div id="root" data-prerendered="/login"><h1>Sign in to Rally</h1></div>`;

/** A built web app as `vite build` leaves it: hashed assets with .br/.gz beside them, hidden maps. */
function fakeDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'prerendered'));
  const files: Record<string, string | Buffer> = {
    'index.html': HTML,
    'index.html.br': brotliCompressSync(HTML),
    'index.html.gz': gzipSync(HTML),
    'prerendered/login.html': LOGIN_HTML,
    'prerendered/login.html.br': brotliCompressSync(LOGIN_HTML),
    'prerendered/login.html.gz': gzipSync(LOGIN_HTML),
    'rally-logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/index-AbC123.js': JS,
    'assets/index-AbC123.js.br': brotliCompressSync(JS),
    'assets/index-AbC123.js.gz': gzipSync(JS),
    'assets/index-AbC123.js.map': '{"version":3,"sources":["../../src/main.tsx"],"mappings":""}',
    'assets/plain-XyZ789.js': 'export {};\n',
    '.vite/manifest.json': '{}',
  };
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, name), data);
  return { dir, files };
}

const dist = fakeDist();
afterAll(() => rmSync(dist.dir, { recursive: true, force: true }));

describe('the built web app', () => {
  const t = useTestApp({ WEB_DIST_DIR: dist.dir });
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a client that accepts br, with its encoding and Vary', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(dist.files['assets/index-AbC123.js.br'] as Buffer)).toBe(true);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(dist.files['assets/index-AbC123.js.gz'] as Buffer)).toBe(true);
  });

  it('sends the file as it is to a client that accepts no compression, still with Vary', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(JS);
    // A file built without compressed siblings (too small to gain) is sent as it is.
    const small = await get('/assets/plain-XyZ789.js', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('lets browsers keep hashed assets for a year, unchanged', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/index-AbC123.js', encoding);
      expect(res.headers['cache-control'], String(encoding)).toBe(IMMUTABLE);
    }
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('has browsers check index.html on every visit, at its own path and for client routes', async () => {
    expect(REVALIDATE).toBe('no-cache');
    for (const url of ['/index.html', '/engagements', '/engagements/12/info', '/', '/login']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
    }
    const plain = await get('/engagements?redirect=%2Fprofile');
    expect(plain.body).toBe(HTML);
    expect(plain.headers['cache-control']).toBe('no-cache');
    // Unhashed files (public/) are checked too, never kept blindly.
    expect((await get('/rally-logo.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('sends a prerendered guest screen for its path, whatever the query, with the headers of index.html', async () => {
    const index = await get('/engagements', 'br');
    const same = [
      'content-type',
      'cache-control',
      'vary',
      'content-security-policy',
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-content-type-options',
    ];
    for (const url of ['/login', '/login?redirect=%2Fengagements%2F3']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.rawPayload.equals(dist.files['prerendered/login.html.br'] as Buffer), url).toBe(true);
      for (const header of same) expect(res.headers[header], `${url} ${header}`).toBe(index.headers[header]);
    }
    expect((await get('/login?redirect=%2Fprofile')).body).toBe(LOGIN_HTML);
    expect((await get('/login', 'gzip')).headers['content-encoding']).toBe('gzip');
    // Every other client route, a signed-in one or a screen not prerendered, gets index.html.
    for (const url of ['/engagements', '/', '/register', '/login/extra', '/logins'])
      expect((await get(url)).body, url).toBe(HTML);
  });

  it('allows the inline scripts of the prerendered pages and of index.html by their hashes, and no other', async () => {
    const hash = (script: string) => createHash('sha256').update(script).digest('base64');
    for (const url of ['/login', '/engagements', '/engagements/2/timeline']) {
      const csp = (await get(url)).headers['content-security-policy'];
      expect(csp, url).toBe(DOCUMENT_CSP);
      const scriptSrc = String(csp)
        .split('; ')
        .find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc, url).toBe(
        `script-src 'self' 'sha256-${hash(PAGE_BOOT_SCRIPT)}' 'sha256-${hash(SIGNED_IN_BOOT_SCRIPT)}'`,
      );
      expect(csp, url).toContain("script-src-attr 'none'");
    }
  });

  it('never serves a source map, the manifest or a compressed file by its own name: a JSON 404', async () => {
    for (const url of [
      '/assets/index-AbC123.js.map',
      '/assets/missing-000.js.map',
      '/assets/index-AbC123.js.br',
      '/assets/index-AbC123.js.gz',
      '/.vite/manifest.json',
      // A prerendered page is sent for its path only.
      '/prerendered/login.html',
    ]) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: Messages.notFound, code: 'not_found' });
    }
  });

  it('a missing asset is a JSON 404, not the app page', async () => {
    const res = await get('/assets/index-gone.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
