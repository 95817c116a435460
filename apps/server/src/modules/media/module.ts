import { defineModule } from '../../module.js';
import { defineMediaConversion } from './conversion.js';

/**
 * Video and audio converted by the work queue's `media.convert` jobs, at most
 * MEDIA_JOB_CONCURRENCY at once (ADR 0027); the uploads module queues them when a file is
 * attached. The end is written through the uploads, posts and comments repositories, so this
 * module comes after them; the queue's close kills the ffmpegs under way and hands their jobs back.
 */
export const mediaModule = defineModule({
  name: 'media',
  setup({ services, db, config, queue, log }) {
    defineMediaConversion(queue, {
      db: db.kysely,
      tools: services.files.tools,
      store: services.files.store,
      log,
      uploads: services.files.repo,
      posts: services.postsRepo,
      comments: services.comments,
      concurrency: config.MEDIA_JOB_CONCURRENCY,
      leaseMs: config.MEDIA_JOB_LEASE_MS,
      timeoutMs: config.MEDIA_JOB_TIMEOUT_MS,
      retryMs: config.MEDIA_JOB_RETRY_MS,
    });
  },
});
