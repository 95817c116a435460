import type { FastifyRequest } from 'fastify';
import { PortfolioMessages, Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { PortfolioService } from './service.js';

/** The coach's portfolio and its settings (issue 26, ADR 0036). */
export function portfolioRoutes(api: Api, { portfolio }: { portfolio: PortfolioService }) {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.portfolio),
    handler: async (request) => ok(await portfolio.rows(userId(request), request.query)),
  });
  api.route({
    ...routeOf(api, Routes.portfolioSettings),
    handler: async (request) => ok(await portfolio.settings(userId(request))),
  });
  api.route({
    ...routeOf(api, Routes.updatePortfolioSettings),
    handler: async (request) =>
      ok(await portfolio.updateSettings(userId(request), request.body), PortfolioMessages.settingsSaved),
  });
}
