import type { FastifyError, FastifyInstance } from 'fastify';
import { Messages, type ErrorBody } from '@rally/contract';
import { AppError } from './errors.js';

/** Turns Fastify's own client errors into the envelope with a clear message. */
function clientErrorOf(err: FastifyError): { status: number; body: ErrorBody } | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: Messages.malformedJson, code: 'malformed_json' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, body: { message: Messages.bodyTooLarge, code: 'body_too_large' } };
    // @fastify/multipart's limits: one file per upload, a bounded form.
    case 'FST_FILES_LIMIT':
      return { status: 413, body: { message: Messages.oneFileOnly, code: 'too_many_files' } };
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: { message: Messages.tooManyFormFields, code: 'too_many_fields' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: Messages.unsupportedMediaType, code: 'unsupported_media_type' } };
    // FST_ERR_CTP_INVALID_CONTENT_LENGTH (body shorter or longer than declared) is a plain 400 below.
    default:
      break;
  }
  if (err instanceof SyntaxError)
    return { status: 400, body: { message: Messages.malformedJson, code: 'malformed_json' } };
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { message: err.message || Messages.validationFailed, code: 'bad_request' } };
  }
  return undefined;
}

/** The one error handler: the envelope of ARCHITECTURE.md, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      const body: ErrorBody = { message: err.message, code: err.code };
      if (err.errors && Object.keys(err.errors).length > 0) body.errors = err.errors;
      return reply.status(err.statusCode).send(body);
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ message: Messages.tooManyRequests, code: 'too_many_requests' });
    }
    const client = clientErrorOf(err);
    if (client) return reply.status(client.status).send(client.body);
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: Messages.serverError, code: 'server_error' });
  });
}
