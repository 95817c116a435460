import { MINUTE } from '../../lib/clock.js';
import type { Scheduler } from '../../queue/work-queue.js';
import type { TopicsService } from './service.js';

/**
 * Topics written ahead, published every minute and at start. Each topic is also claimed by one
 * UPDATE … WHERE published_at IS NULL, so it is published once however many processes run.
 */
export function registerTopicPublishing(scheduler: Scheduler, topics: TopicsService, everyMs = MINUTE): void {
  scheduler.every('topics.publish', everyMs, () => topics.publishDue(), {
    atStart: true,
    didWork: 'scheduled topics published',
  });
}
