import { defineModule } from '../../module.js';
import { notificationsConsumer } from './consumer.js';
import { defineNotificationJobs } from './jobs.js';
import { Notifier } from './notifier.js';
import { NotificationsRepository } from './repository.js';
import { notificationRoutes } from './routes.js';
import { NotificationsService } from './service.js';

/** Stored notifications, made by the event log's notifications consumer and handed to Web Push. */
export const notificationsModule = defineModule({
  name: 'notifications',
  setup({ services, db, queue, events }) {
    const repo = new NotificationsRepository(db.kysely);
    events.add(notificationsConsumer(new Notifier({ db: db.kysely, repo, sink: services.push })));
    defineNotificationJobs(queue, db.kysely, repo);
  },
  routes: (api, { db }) =>
    notificationRoutes(api, {
      notifications: new NotificationsService(db.kysely, new NotificationsRepository(db.kysely)),
    }),
});
