import { defineModule } from '../../module.js';
import { watercoolerRoutes } from './routes.js';
import { createWatercooler, registerWatercoolerSweep, type Watercooler } from './setup.js';
import { registerWatercoolerSocket } from './socket.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The watercooler's rooms and this process's room sockets (ADR 0029); tests run its sweeper. */
    watercooler: Watercooler;
  }
}

/** Team rooms that leave nothing behind but a post (ADR 0029): in memory, or in Redis with REDIS_URL. */
export const watercoolerModule = defineModule({
  name: 'watercooler',
  async setup({ app, services, config, db, redis, tail, log, queue }) {
    const watercooler = await createWatercooler({
      config,
      db: db.kysely,
      redis,
      access: services.access,
      uploads: services.uploads,
      posts: services.postsRepo,
      present: services.posts,
      tail,
      log,
    });
    app.decorate('watercooler', watercooler);
    registerWatercoolerSweep(queue, watercooler.service);
  },
  sockets: (app) => registerWatercoolerSocket(app, app.watercooler.sockets),
  routes: (api, { app }) => watercoolerRoutes(api, { watercooler: app.watercooler.service }),
  // Room sockets are closed already (preClose): their leaving (and a room's end) finishes first.
  close: ({ app }) => app.watercooler.close(),
});
