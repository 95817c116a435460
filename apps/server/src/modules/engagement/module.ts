import { defineModule } from '../../module.js';
import { EngagementRepository } from './repository.js';
import { EngagementService } from './service.js';

declare module '../../module.js' {
  interface Services {
    /** Reactions and comments of posts and tasks: one mechanism (ADR 0012). */
    engagement: EngagementService;
    comments: EngagementRepository;
  }
}

/** Reactions and comments, served through the posts and to-do routes. */
export const engagementModule = defineModule({
  name: 'engagement',
  setup({ services, db }) {
    services.comments = new EngagementRepository(db.kysely);
    services.engagement = new EngagementService(db.kysely, services.comments, services.uploads);
  },
});
