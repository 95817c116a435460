import type { TeamEvents } from './events.js';
import { defineModule } from '../module.js';
import { createRealtime, realtimeConsumer, registerRealtimeGateway, type RealtimeParts } from './index.js';

declare module '../module.js' {
  interface Services {
    realtime: RealtimeParts;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The realtime publisher the event log's realtime consumer hands events to: delivered over the
     * realtime gateway to the team's members at delivery time (ADR 0010, 0024). Tests publish directly.
     */
    teamEvents: TeamEvents;
  }
}

/** The realtime gateway and its fan-out (ADR 0010); the event log's realtime consumer. */
export const realtimeModule = defineModule({
  name: 'realtime',
  async setup({ app, services, db, redis, config, log, events }) {
    const realtime = await createRealtime({ db: db.kysely, redis, channel: config.REALTIME_CHANNEL, log });
    services.realtime = realtime;
    app.decorate('teamEvents', realtime.events);
    events.add(realtimeConsumer(realtime.events));
  },
  sockets: (app, { services, config }) =>
    registerRealtimeGateway(app, {
      hub: services.realtime.hub,
      repo: services.realtime.repo,
      authenticate: (token) => services.auth.authenticate(token),
      sessionCheckMs: config.REALTIME_SESSION_CHECK_MS,
      connectsPerMinute: config.LIMIT_REALTIME_CONNECTS_PER_MINUTE,
      messagesPerMinute: config.REALTIME_MESSAGES_PER_MINUTE,
    }),
  // Sockets are closed already (preClose); deliveries under way finish.
  close: ({ services }) => services.realtime.events.close(),
});
