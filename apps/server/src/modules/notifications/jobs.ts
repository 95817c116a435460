import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { transact } from '../../events/log.js';
import type { WorkQueue } from '../../queue/work-queue.js';
import type { NotificationsRepository } from './repository.js';

/** Marks a user's notifications of some kinds about one subject read (a to-do list they opened). */
export const NOTIFICATIONS_READ = 'notifications.read';

export interface NotificationsReadJob {
  user_id: number;
  kinds: readonly string[];
  subject: number;
}

/** The notifications module's queue handlers. */
export function defineNotificationJobs(queue: WorkQueue, db: Kysely<Database>, repo: NotificationsRepository): void {
  queue.define<NotificationsReadJob>({
    name: NOTIFICATIONS_READ,
    handle: (job) => transact(db, (trx) => repo.markSubjectRead(job.user_id, job.kinds, job.subject, trx)),
  });
}
