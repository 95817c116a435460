import type { FastifyRequest } from 'fastify';
import { CheckinMessages, Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { CheckinsService } from './service.js';

/** Check-ins, their statistics and the team's (spec §7 Check-in; decisions.md). */
export function checkinRoutes(api: Api, { checkins }: { checkins: CheckinsService }) {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.requestCheckin),
    handler: async (request) =>
      ok(await checkins.request(userId(request), request.params.id), CheckinMessages.requested),
  });
  api.route({
    ...routeOf(api, Routes.checkinStatus),
    handler: async (request) => ok(await checkins.status(userId(request), request.params.id)),
  });
  api.route({
    ...routeOf(api, Routes.checkinMetrics),
    handler: async (request) => ok(await checkins.metrics(userId(request), request.params.id, request.query)),
  });
  api.route({
    ...routeOf(api, Routes.checkinMetricsDetail),
    handler: async (request) => checkins.detail(userId(request), request.params.id, request.query),
  });
  api.route({
    ...routeOf(api, Routes.checkin),
    handler: async (request) => ok(await checkins.get(userId(request), request.params.id, request.params.checkinId)),
  });
  api.route({
    ...routeOf(api, Routes.answerCheckin),
    handler: async (request) => {
      const { post, message } = await checkins.answer(
        userId(request),
        request.params.id,
        request.params.checkinId,
        request.body,
      );
      return ok(post, message);
    },
  });
  api.route({
    ...routeOf(api, Routes.teamStats),
    handler: async (request) => ok(await checkins.teamStats(userId(request), request.params.id, request.query)),
  });
}
