import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from './errors.js';

/**
 * The signed-in person as services see them: who they are, never the password hash.
 * (`modules/auth` builds it from the user row; everything else only reads it.)
 */
export interface Principal {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar: string | null;
  email_verified_at: string | null;
  created_at: string;
}

/** The signed-in principal and the token that proved it. */
export interface Session {
  user: Principal;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    /** Hook for routes that need a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The session of a request that passed `requireUser`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/** The principal of a request that passed `requireUser`. */
export const principalOf = (request: FastifyRequest): Principal => sessionOf(request).user;

/** The auth scheme is case-insensitive (RFC 7235); the token is our base64url. */
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i;

export interface AuthenticateOptions {
  /** Resolves a bearer token to its session, or undefined. */
  resolve: (token: string) => Promise<Session | undefined>;
}

export const authenticatePlugin = fp<AuthenticateOptions>(
  (app: FastifyInstance, { resolve }, done) => {
    app.decorateRequest('session', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const session = match?.[1] ? await resolve(match[1]) : undefined;
      if (!session) throw unauthenticated();
      request.session = session;
    });
    done();
  },
  { name: 'authenticate' },
);
