import { defineModule } from '../../module.js';
import { geocodeRoutes } from './routes.js';
import { GeocoderService } from './service.js';

/** The server-side proxy to a Nominatim-compatible geocoder (GEOCODER_URL). */
export const geocodeModule = defineModule({
  name: 'geocode',
  routes: (api, { config }) =>
    geocodeRoutes(api, {
      geocoder: new GeocoderService({ baseUrl: config.GEOCODER_URL, userAgent: `Rally (+${config.PUBLIC_URL})` }),
      perMinute: config.LIMIT_GEOCODE_PER_MINUTE,
    }),
});
