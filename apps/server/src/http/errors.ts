import { Messages } from '@rally/contract';

/** An error that the error handler turns into the API envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthenticated = (message: string = Messages.unauthenticated) =>
  new AppError(401, 'unauthenticated', message);
export const forbidden = (message: string = Messages.forbidden, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string = Messages.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
/** 422 with per-field messages; the first field's message is the top-level message. */
export const validation = (errors: Record<string, string[]>, message?: string) =>
  new AppError(422, 'validation_failed', message ?? Object.values(errors)[0]?.[0] ?? Messages.validationFailed, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', Messages.tooManyRequests, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
