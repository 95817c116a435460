import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService, Session } from '../modules/auth/service.js';
import { unauthenticated } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The session of a request that passed `requireUser`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/** The auth scheme is case-insensitive (RFC 7235); the token is our base64url. */
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i;

export const authenticatePlugin = fp<{ auth: AuthService }>(
  (app: FastifyInstance, { auth }, done) => {
    app.decorateRequest('session', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const session = match?.[1] ? await auth.authenticate(match[1]) : undefined;
      if (!session) throw unauthenticated();
      request.session = session;
    });
    done();
  },
  { name: 'authenticate' },
);
