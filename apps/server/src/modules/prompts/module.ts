import { defineModule } from '../../module.js';
import { PromptsRepository } from './repository.js';
import { promptRoutes } from './routes.js';
import { PromptsService } from './service.js';

/** Team videos and slideshows: asking, answering, reminders, hiding, publishing (ADR 0028). */
export const promptsModule = defineModule({
  name: 'prompts',
  routes: (api, { services, db }) =>
    promptRoutes(api, {
      prompts: new PromptsService({
        db: db.kysely,
        repo: new PromptsRepository(db.kysely),
        posts: services.postsRepo,
        present: services.posts,
        access: services.access,
        uploads: services.uploads,
      }),
    }),
});
