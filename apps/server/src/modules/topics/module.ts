import { defineModule } from '../../module.js';
import { registerTopicPublishing } from './publish-job.js';
import { TopicsRepository } from './repository.js';
import { topicRoutes } from './routes.js';
import { TopicsService } from './service.js';

/** The Inspiration topic of the day and its publishing job (ADR 0016). */
export const topicsModule = defineModule({
  name: 'topics',
  setup({ app, services, db, queue }) {
    const topics = new TopicsService({
      db: db.kysely,
      repo: new TopicsRepository(db.kysely, services.comments),
      posts: services.postsRepo,
      access: services.access,
      urlOf: services.uploads.urlOf,
    });
    app.decorate('topics', topics);
    registerTopicPublishing(queue, topics);
  },
  routes: (api, { app }) => topicRoutes(api, { topics: app.topics }),
});
