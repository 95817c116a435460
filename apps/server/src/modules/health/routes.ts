import { Routes } from '@rally/contract';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { HealthRepository } from './repository.js';

export function healthRoutes(api: Api, { health }: { health: HealthRepository }): void {
  api.route({
    ...routeOf(api, Routes.health),
    handler: async () => {
      await health.ping();
      return ok({ status: 'ok' as const });
    },
  });
}
