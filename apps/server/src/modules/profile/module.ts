import { defineModule } from '../../module.js';
import { AuthRepository } from '../auth/repository.js';
import { ProfileRepository } from './repository.js';
import { profileRoutes } from './routes.js';
import { ProfileService } from './service.js';

/** Own and teammates' profiles, images, hours, mood, fun pictures, password change. */
export const profileModule = defineModule({
  name: 'profile',
  routes: (api, { services, db }) =>
    profileRoutes(api, {
      auth: services.auth,
      profile: new ProfileService({
        db: db.kysely,
        repo: new ProfileRepository(db.kysely),
        users: new AuthRepository(db.kysely),
        storage: services.files.storage,
        uploads: services.uploads,
      }),
    }),
});
