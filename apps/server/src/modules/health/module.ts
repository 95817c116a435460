import { defineModule } from '../../module.js';
import { HealthRepository } from './repository.js';
import { healthRoutes } from './routes.js';

/** GET health. */
export const healthModule = defineModule({
  name: 'health',
  routes: (api, { db }) => healthRoutes(api, { health: new HealthRepository(db.kysely) }),
});
