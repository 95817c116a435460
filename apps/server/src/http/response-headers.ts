import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_BOOT_SCRIPT, SIGNED_IN_BOOT_SCRIPT } from '@rally/contract';
import { DEFAULT_FRAME_ANCESTORS } from '../config.js';

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The page's inline scripts, allowed by their hashes (no other inline script runs): the boot
 * script in the prerendered guest screens' <head> (ADR 0011) and the one in index.html's, which
 * starts a signed-in page's chunks and API reads with the HTML (ADR 0035). The web build writes
 * both from the same constants.
 */
export const BOOT_SCRIPT_SOURCE = `${sha256(PAGE_BOOT_SCRIPT)} ${sha256(SIGNED_IN_BOOT_SCRIPT)}`;

/**
 * The policy of the web app's page. MUI's emotion injects style tags at run time. `fileOrigins`:
 * where stored files live besides the app (an S3 bucket: the page PUTs uploads there and its
 * pictures, videos and sounds are redirected there). `frameAncestors`: who may frame the page
 * (FRAME_ANCESTORS: itself and the Teams and Microsoft 365 hosts, where Rally runs as a tab).
 */
export function documentCsp(
  fileOrigins: readonly string[] = [],
  frameAncestors: readonly string[] = DEFAULT_FRAME_ANCESTORS,
): string {
  const files = fileOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
    `img-src 'self' data: blob:${files}`,
    `media-src 'self' blob:${files}`,
    "object-src 'none'",
    `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self'${files}`,
    // The push service worker (/sw.js).
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/** The page's policy when every file is served by the app itself and the hosts are the default ones. */
export const DOCUMENT_CSP = documentCsp();

/** Nothing that is not the page may run anything, even when opened on its own (an uploaded file). */
export const RESOURCE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Every answer: no type sniffing, readable by our own origin only. */
const COMMON = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The page (index.html): the full policy, window isolation, no referrer leaking a team's URL. No
 * X-Frame-Options: it knows only DENY and SAMEORIGIN, and a browser honouring it would refuse the
 * Teams frame that frame-ancestors allows.
 */
const documentHeaders = (csp: string) => ({
  ...COMMON,
  'content-security-policy': csp,
  'referrer-policy': 'no-referrer',
  'x-permitted-cross-domain-policies': 'none',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
});

/** Files and assets: never a document of their own. */
const RESOURCE = { ...COMMON, 'content-security-policy': RESOURCE_CSP };

/**
 * The push service worker (/sw.js): a script of our own origin, not a document; it fetches nothing
 * but may show our icons in its notifications.
 */
const WORKER = { ...COMMON, 'content-security-policy': "default-src 'self'; img-src 'self' data:; object-src 'none'" };

/** API answers: the same, and never kept by a cache (the login answer carries a token). */
const API = { ...RESOURCE, 'cache-control': 'no-store' };

export interface ResponseHeaderOptions {
  /** The public URL is https: every answer carries HSTS. */
  httpsPublic: boolean;
  hstsIncludeSubdomains: boolean;
  /** Origins besides the app's that stored files come from (an S3 bucket); none by default. */
  fileOrigins?: readonly string[];
  /** Who may frame the page (FRAME_ANCESTORS); DEFAULT_FRAME_ANCESTORS when not given. */
  frameAncestors?: readonly string[];
}

/**
 * The security headers of each kind of answer, built once at start (helmet rebuilt and
 * re-parsed its policy on every request). HSTS goes out only when the app is served over HTTPS:
 * a public https URL, or a trusted TLS proxy that says so.
 */
export function registerResponseHeaders(app: FastifyInstance, options: ResponseHeaderOptions): void {
  const hsts = `max-age=31536000${options.hstsIncludeSubdomains ? '; includeSubDomains' : ''}`;
  const DOCUMENT = documentHeaders(documentCsp(options.fileOrigins, options.frameAncestors));
  const headersFor = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) return API;
    if (request.url === '/sw.js' || request.url.startsWith('/sw.js?')) return WORKER;
    const type = reply.getHeader('content-type');
    return typeof type === 'string' && type.startsWith('text/html') ? DOCUMENT : RESOURCE;
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.headers(headersFor(request, reply));
    if (options.httpsPublic || request.protocol === 'https') void reply.header('strict-transport-security', hsts);
    done(null, payload);
  });
}
