import type { FastifyRequest } from 'fastify';
import { Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { WatercoolerService } from './service.js';

/** The watercooler's HTTP calls (spec §7; issue 23). The room itself is the socket of socket.ts. */
export function watercoolerRoutes(api: Api, { watercooler }: { watercooler: WatercoolerService }): void {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.watercoolerAccess),
    handler: async (request) => ok(await watercooler.access(userId(request), request.params.id)),
  });
  api.route({
    ...routeOf(api, Routes.watercoolerMessages),
    handler: async (request) => watercooler.messages(userId(request), request.params.id, request.query),
  });
}
