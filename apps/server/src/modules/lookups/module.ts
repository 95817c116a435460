import { defineModule } from '../../module.js';
import { lookupRoutes } from './routes.js';

/** Moods, buzzes, colours. */
export const lookupsModule = defineModule({ name: 'lookups', routes: (api) => lookupRoutes(api) });
