import { Routes } from '@rally/contract';
import { ok } from '../../http/envelope.js';
import { MINUTE, perUser } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import type { GeocoderService } from './service.js';

/** GET geocode/config (is a geocoder configured?) and GET geocode?q= (its matches). */
export function geocodeRoutes(
  api: Api,
  { geocoder, perMinute }: { geocoder: GeocoderService; perMinute: number },
): void {
  api.route({
    ...routeOf(api, Routes.geocoder),
    handler: async () => ok({ enabled: geocoder.enabled }),
  });
  api.route({
    // Each call costs a request to a third party with its own usage limits.
    ...routeOf(api, Routes.geocode, { preHandler: [perUser(api, 'geocode', perMinute, MINUTE)] }),
    handler: async (request) => ok(await geocoder.search(request.query.q, request.headers['accept-language'])),
  });
}
