import { DAY } from '../../lib/clock.js';
import { defineModule } from '../../module.js';
import { AuthRepository } from './repository.js';
import { authRoutes } from './routes.js';
import { AuthService } from './service.js';
import { SessionCache } from './session-cache.js';

declare module '../../module.js' {
  interface Services {
    auth: AuthService;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's session cache (tests drop it to stand for its TTL passing). */
    sessions: SessionCache;
  }
}

/** Accounts, sign-in, codes, sessions (ADR 0003, 0017, 0021). */
export const authModule = defineModule({
  name: 'auth',
  setup({ app, services, db, config, queue, tail }) {
    // Bearer tokens resolved in the last SESSION_CACHE_MS; `session.ended` and `user.updated`
    // evict them, and a kept session answers only while the log is heard (ADR 0026).
    const sessions = new SessionCache(config.SESSION_CACHE_MS);
    sessions.follow(tail);
    app.decorate('sessions', sessions);
    const billing = services.billing;
    services.auth = new AuthService({
      db: db.kysely,
      repo: new AuthRepository(db.kysely),
      mailer: services.mailer,
      secret: config.APP_SECRET,
      publicUrl: config.PUBLIC_URL,
      onUserCreated: (userId, trx) => billing.startTrial(userId, trx),
      queue,
      sessions,
      sessionMaxAgeMs: config.SESSION_MAX_AGE_DAYS * DAY,
    });
    services.auth.defineJobs();
  },
  routes: (api, { services, config, redis, options }) =>
    authRoutes(api, {
      auth: services.auth,
      redis,
      avatarUrl: services.uploads.urlOf,
      lock: { afterFailures: config.LOGIN_LOCK_AFTER_FAILURES, windowMinutes: config.LOGIN_LOCK_WINDOW_MINUTES },
      slowDown: options.authSlowDown,
      keyPrefix: options.rateLimitNamespace,
    }),
  close: ({ app }) => app.sessions.close(),
});
