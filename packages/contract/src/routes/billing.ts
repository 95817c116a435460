import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import {
  billingPortalDto,
  paymentConfigDto,
  planDto,
  subscribeSchema,
  subscriptionDto,
  webhookReceiptDto,
} from '../schemas/billing.js';

/** Plans, the user's subscription and paying for it (spec §7). */
export const billingRoutes = {
  subscriptionPackages: defineRoute({
    ...endpointPaths.subscriptionPackages,
    response: envelopeOf(z.array(planDto)),
  }),
  userSubscription: defineRoute({
    ...endpointPaths.userSubscription,
    response: envelopeOf(subscriptionDto),
  }),
  paymentConfig: defineRoute({
    ...endpointPaths.paymentConfig,
    response: envelopeOf(paymentConfigDto),
  }),
  subscribe: defineRoute({
    ...endpointPaths.subscribe,
    body: subscribeSchema,
    response: envelopeOf(subscriptionDto),
  }),
  billingPortal: defineRoute({
    ...endpointPaths.billingPortal,
    response: envelopeOf(billingPortalDto),
  }),
  /** Stripe's webhook: a raw, signed body the handler verifies itself (no JSON schema). */
  stripeWebhook: defineRoute({
    ...endpointPaths.stripeWebhook,
    response: envelopeOf(webhookReceiptDto),
  }),
};
