import { DAY } from '../../lib/clock.js';
import { defineModule } from '../../module.js';
import { PushRepository } from './repository.js';
import { pushRoutes } from './routes.js';
import { PushService, registerPushJobs } from './service.js';
import { loadVapid } from './vapid.js';

declare module '../../module.js' {
  interface Services {
    push: PushService;
  }
}

/** Web Push: subscriptions of sessions, quiet hours and held summaries (ADR 0013, 0023). */
export const pushModule = defineModule({
  name: 'push',
  setup({ services, db, config, log, queue, options }) {
    services.push = new PushService({
      db: db.kysely,
      repo: new PushRepository(db.kysely),
      access: services.access,
      vapid: loadVapid(config),
      allowedHosts: config.PUSH_SERVICE_HOSTS,
      sessionMaxAgeMs: config.SESSION_MAX_AGE_DAYS * DAY,
      log,
      ...options.push,
    });
    registerPushJobs(queue, services.push);
  },
  routes: (api, { services }) => pushRoutes(api, { push: services.push }),
});
