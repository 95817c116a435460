import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Messages } from '@rally/contract';

/** Paths the app itself routes: not the API, not a file, no file extension. */
const FILE_AREAS = /^\/(?:api|files|static|assets)\//;
export function isClientRoute(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return !FILE_AREAS.test(pathname) && !/\.[A-Za-z0-9]+$/.test(pathname);
}

/** The build's hashed files (dist/assets): a new content gets a new name, so a copy is good for ever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but checked on each use (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

/**
 * The guest screens prerendered by the build (ADR 0011, apps/web/src/prerender.tsx):
 * `prerendered/login.html` is the page for `/login`, index.html with the screen already in it.
 */
const PRERENDERED = 'prerendered';

/**
 * Never served: source maps (built `hidden`, kept on the server for reading stack traces), the
 * build's manifest, the .br/.gz siblings by their own names (they are sent in place of their
 * file, with Content-Encoding, to a client that accepts them), and the prerendered pages by
 * theirs (they are sent for their paths only).
 */
const NOT_SERVED = ['**/*.map', '**/*.br', '**/*.gz', '.vite/**', `${PRERENDERED}/**`];

/** Path → file (relative to `dir`) of every prerendered page of the build. */
function prerenderedPages(dir: string): Map<string, string> {
  const folder = path.join(dir, PRERENDERED);
  if (!existsSync(folder)) return new Map();
  return new Map(
    readdirSync(folder)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, `${PRERENDERED}/${file}`]),
  );
}

/**
 * Serves the built web app, with index.html for every client route (the prerendered page of a
 * guest screen for its path, whatever the query); any other unknown path (a missing file, a
 * source map, every unknown /api path) is a JSON 404. Files are sent as the build compressed them
 * (brotli or gzip, by the request's Accept-Encoding, with `Vary: Accept-Encoding`).
 */
export function registerWebApp(app: FastifyInstance, dir: string): void {
  const hasWeb = existsSync(path.join(dir, 'index.html'));
  const pages = hasWeb ? prerenderedPages(dir) : new Map<string, string>();
  const assets = path.join(path.resolve(dir), 'assets') + path.sep;
  const cacheControl = (reply: FastifyReply, file: string) =>
    void reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
  if (hasWeb)
    void app.register(fastifyStatic, {
      root: path.resolve(dir),
      wildcard: false,
      index: false,
      globIgnore: NOT_SERVED,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheControl,
    });
  else app.log.warn({ dir }, 'web app not built: only the API is served (run npm run build)');

  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && isClientRoute(request.url)) {
      const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
      return reply.type('text/html').sendFile(pages.get(pathname) ?? 'index.html');
    }
    return reply.status(404).send({ message: Messages.notFound, code: 'not_found' });
  });
}
