import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { defineRoute } from '../route.js';
import { planDto, subscriptionDto } from '../schemas/billing.js';

/** Plans and the user's subscription (spec §7). */
export const billingRoutes = {
  subscriptionPackages: defineRoute({
    method: 'GET',
    path: 'subscription-packages',
    auth: false,
    response: envelopeOf(z.array(planDto)),
  }),
  userSubscription: defineRoute({
    method: 'GET',
    path: 'user/subscription',
    auth: true,
    response: envelopeOf(subscriptionDto),
  }),
};
