import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import send from '@fastify/send';
import { Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { DAY, MINUTE, perUser } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import { FILES_PREFIX } from './signing.js';
import type { UploadsService } from './service.js';
import { contentDispositionOfKey } from './storage.js';

/** How many upload URLs one user may ask for (config: LIMIT_UPLOADS_PER_MINUTE / _PER_DAY). */
export interface UploadLimits {
  perMinute: number;
  perDay: number;
}

/** GET s3-upload-presigned-request: the API call of the contract's table. */
export function uploadRoutes(api: Api, { uploads, limits }: { uploads: UploadsService; limits: UploadLimits }): void {
  api.route({
    // Each call writes a row and may lead to 50 MB on disk: bounded like other costly writes.
    ...routeOf(api, Routes.presignUpload, {
      preHandler: [
        perUser(api, 'presign-upload', limits.perMinute, MINUTE),
        perUser(api, 'presign-upload-day', limits.perDay, DAY),
      ],
    }),
    handler: async (request) => ok(await uploads.presign(principalOf(request).id, request.query)),
  });
}

type FileRequest = FastifyRequest<{
  Params: { '*': string };
  Querystring: { expires?: string; signature?: string };
}>;

/**
 * The stored files' own URLs, outside /api (they are no JSON calls, so the route table leaves
 * them out): `GET /files/<key>?expires&signature` reads a file (from disk with Range support, or
 * a redirect to the bucket, each with its Content-Disposition: `contentDispositionOfKey`), `PUT` the same path with a PUT signature receives an upload (local
 * storage only). Any Content-Type is taken as it is: the content decides.
 */
export async function fileRoutes(app: FastifyInstance, { uploads }: { uploads: UploadsService }): Promise<void> {
  await app.register(async (scope) => {
    // The body is streamed by the handler, never parsed or buffered, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.get(`${FILES_PREFIX}*`, async (request: FileRequest, reply: FastifyReply) => {
      const key = request.params['*'];
      const target = await uploads.readTarget(key, request.query);
      const cacheControl = `private, max-age=${target.maxAge}, immutable`;
      if (target.type === 'redirect') return reply.header('cache-control', cacheControl).redirect(target.url, 302);
      const result = await send(request.raw, `/${key}`, {
        root: target.root,
        dotfiles: 'deny',
        index: false,
        cacheControl: false,
        acceptRanges: true,
      });
      if (result.type === 'file') {
        return reply
          .code(result.statusCode)
          .headers(result.headers)
          .header('cache-control', cacheControl)
          .header('content-disposition', contentDispositionOfKey(key))
          .send(result.stream);
      }
      if (result.type === 'error' && result.statusCode !== 404) {
        return reply.code(result.statusCode).headers(result.headers).send(result.stream);
      }
      throw notFound();
    });

    scope.put(`${FILES_PREFIX}*`, async (request: FileRequest, reply: FastifyReply) => {
      const length = Number(request.headers['content-length']);
      try {
        return ok(
          await uploads.receive(
            request.params['*'],
            request.query,
            request.raw,
            Number.isFinite(length) ? length : undefined,
          ),
        );
      } catch (err) {
        // The rest of a refused body is read and thrown away (not written anywhere) and the
        // connection closes after the answer, so the browser gets the answer, not a reset.
        if (!request.raw.readableEnded) {
          request.raw.resume();
          void reply.header('connection', 'close');
        }
        throw err;
      }
    });
  });
}
