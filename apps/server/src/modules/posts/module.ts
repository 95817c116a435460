import { defineModule } from '../../module.js';
import { PromptPostData } from '../prompts/post-data.js';
import { PromptsRepository } from '../prompts/repository.js';
import { PostsRepository } from './repository.js';
import { postRoutes } from './routes.js';
import { PostsService } from './service.js';

declare module '../../module.js' {
  interface Services {
    posts: PostsService;
    postsRepo: PostsRepository;
  }
}

/** The timeline, wall of fame, bright ideas, dashboard and sharing (ADR 0012, 0015). */
export const postsModule = defineModule({
  name: 'posts',
  setup({ services, db }) {
    services.postsRepo = new PostsRepository(db.kysely, services.comments);
    services.posts = new PostsService({
      db: db.kysely,
      repo: services.postsRepo,
      members: services.memberships,
      access: services.access,
      engagement: services.engagement,
      comments: services.comments,
      attachments: services.uploads,
      postData: new PromptPostData(new PromptsRepository(db.kysely), services.uploads.urlOf),
    });
  },
  routes: (api, { services }) => postRoutes(api, { posts: services.posts, engagement: services.engagement }),
});
