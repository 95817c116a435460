import { BillingMessages, PLANS, Routes } from '@rally/contract';
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

  api.route({ ...routeOf(api, Routes.paymentConfig), handler: async () => ok(billing.paymentConfig()) });

  api.route({
    ...routeOf(api, Routes.subscribe),
    handler: async (request) =>
      ok(presentSubscription(await billing.subscribe(principalOf(request), request.body)), BillingMessages.subscribed),
  });

  api.route({
    ...routeOf(api, Routes.billingPortal),
    handler: async (request) => ok({ url: await billing.billingPortalUrl(principalOf(request).id) }),
  });

  // The signature covers the exact bytes Stripe sent, so this scope reads JSON as a raw Buffer.
  void api.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.route({
      ...routeOf(raw, Routes.stripeWebhook),
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        await billing.handleWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        return ok({ received: true });
      },
    });
  });
}
