import { defineModule } from '../../module.js';
import { MediaWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's worker of media conversion jobs (ADR 0027); tests wait for it with `idle()`. */
    media: MediaWorker;
  }
}

/** Video and audio converted by a durable job, at most MEDIA_JOB_CONCURRENCY at once (ADR 0027). */
export const mediaModule = defineModule({
  name: 'media',
  setup({ app, services, db, config, log }) {
    const media = new MediaWorker({
      db: db.kysely,
      tools: services.files.tools,
      store: services.files.store,
      log,
      concurrency: config.MEDIA_JOB_CONCURRENCY,
      pollMs: config.MEDIA_JOB_POLL_MS,
      leaseMs: config.MEDIA_JOB_LEASE_MS,
      timeoutMs: config.MEDIA_JOB_TIMEOUT_MS,
      retryMs: config.MEDIA_JOB_RETRY_MS,
    });
    app.decorate('media', media);
  },
  start: ({ app }) => app.media.start(),
  // ffmpegs killed, their jobs handed back for the next process.
  close: ({ app }) => app.media.close(),
});
