import type { FastifyInstance } from 'fastify';
import { ApiPaths, PLANS } from '@rally/contract';
import { sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { presentSubscription } from './presenter.js';
import type { BillingService } from './service.js';

export function billingRoutes(app: FastifyInstance, { billing }: { billing: BillingService }): void {
  app.get(`/${ApiPaths.subscriptionPackages}`, async () => ok(PLANS));

  app.get(`/${ApiPaths.userSubscription}`, { preHandler: app.requireUser }, async (request) =>
    ok(presentSubscription(await billing.subscriptionOf(sessionOf(request).user.id))),
  );
}
