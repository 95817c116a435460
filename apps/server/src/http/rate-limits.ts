import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MINUTE } from '../lib/clock.js';
import { tooManyRequests } from './errors.js';

export type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export { DAY, HOUR, MINUTE } from '../lib/clock.js';

/** Per-IP limit of one route, checked before anything else (Fastify's onRequest). */
export const perIp = (max: number, timeWindow: number) => ({ config: { rateLimit: { max, timeWindow } } });

/**
 * A hook that counts requests in the bucket `name:key` and answers 429 past `max` per window.
 * A request without a key (`keyOf` gives undefined) is not counted here. Buckets live in the
 * rate-limit store, so with Redis every API node counts together.
 */
export function limiter(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: number,
  keyOf: (request: FastifyRequest) => string | undefined,
): Hook {
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `${name}:${keyOf(request) ?? ''}`,
  });
  return async (request) => {
    if (keyOf(request) === undefined) return;
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttlInSeconds);
  };
}

/** The signed-in user's id as a bucket key. */
const userKey = (request: FastifyRequest) => (request.session ? String(request.session.user.id) : undefined);

/** A per-user limit on one kind of write (e.g. creating engagements). */
export const perUser = (app: FastifyInstance, name: string, max: number, timeWindow: number) =>
  limiter(app, name, max, timeWindow, userKey);

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-user write limit every signed-in POST, PUT and DELETE counts against. */
    userWrites: Hook;
  }
}

/**
 * Every signed-in write of one user shares one bucket: far above what a person clicks, far below
 * what a script floods. Input that fails validation is not counted (the hook runs after it).
 */
export function registerUserWrites(app: FastifyInstance, perMinute: number): void {
  app.decorate('userWrites', perUser(app, 'writes', perMinute, MINUTE));
}
