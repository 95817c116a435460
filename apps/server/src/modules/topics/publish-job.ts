import type { FastifyBaseLogger } from 'fastify';
import type { TopicsService } from './service.js';

/**
 * In-process schedule of topics written ahead. Every API node may run it: each topic is claimed
 * by one UPDATE … WHERE published_at IS NULL, so a topic is published once however many run.
 */
export function scheduleTopicPublishing(topics: TopicsService, log: FastifyBaseLogger, everyMs = 60_000): () => void {
  const run = () => {
    topics.publishDue().then(
      (n) => n > 0 && log.info({ published: n }, 'scheduled topics published'),
      (err: unknown) => log.error({ err }, 'topic publishing failed'),
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
