import { PLANS, Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import { presentSubscription } from './presenter.js';
import type { BillingService } from './service.js';

export function billingRoutes(api: Api, { billing }: { billing: BillingService }): void {
  api.route({ ...routeOf(api, Routes.subscriptionPackages), handler: async () => ok([...PLANS]) });

  api.route({
    ...routeOf(api, Routes.userSubscription),
    handler: async (request) => ok(presentSubscription(await billing.subscriptionOf(principalOf(request).id))),
  });
}
