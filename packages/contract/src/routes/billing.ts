import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import { planDto, subscriptionDto } from '../schemas/billing.js';

/** Plans and the user's subscription (spec §7). */
export const billingRoutes = {
  subscriptionPackages: defineRoute({
    ...endpointPaths.subscriptionPackages,
    response: envelopeOf(z.array(planDto)),
  }),
  userSubscription: defineRoute({
    ...endpointPaths.userSubscription,
    response: envelopeOf(subscriptionDto),
  }),
};
