import { defineModule } from '../../module.js';
import { CheckinsRepository } from './repository.js';
import { checkinRoutes } from './routes.js';
import { CheckinsService } from './service.js';

/** Check-in requests and answers, their statistics and Team Statistics. */
export const checkinsModule = defineModule({
  name: 'checkins',
  routes: (api, { services, db }) =>
    checkinRoutes(api, {
      checkins: new CheckinsService({
        db: db.kysely,
        repo: new CheckinsRepository(db.kysely),
        access: services.access,
        urlOf: services.uploads.urlOf,
      }),
    }),
});
