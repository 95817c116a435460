import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@rally/contract';

/** Paths the app itself routes: not the API, not a file, no file extension. */
const FILE_AREAS = /^\/(?:api|files|static|assets)\//;
export function isClientRoute(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return !FILE_AREAS.test(pathname) && !/\.[A-Za-z0-9]+$/.test(pathname);
}

/**
 * Serves the built web app, with index.html for every client route; any other unknown path (a
 * missing file, every unknown /api path) is a JSON 404.
 */
export function registerWebApp(app: FastifyInstance, dir: string): void {
  const hasWeb = existsSync(path.join(dir, 'index.html'));
  if (hasWeb) void app.register(fastifyStatic, { root: dir, wildcard: false, index: false });
  else app.log.warn({ dir }, 'web app not built: only the API is served (run npm run build)');

  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && isClientRoute(request.url)) {
      return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
    }
    return reply.status(404).send({ message: Messages.notFound, code: 'not_found' });
  });
}
