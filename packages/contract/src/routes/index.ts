import { accountRoutes } from './account.js';
import { billingRoutes } from './billing.js';
import { checkinRoutes } from './checkins.js';
import { todoRoutes } from './todos.js';
import { promptRoutes } from './prompts.js';
import { profileRoutes } from './profile.js';
import { topicRoutes } from './topics.js';
import { watercoolerRoutes } from './watercooler.js';
import { engagementRoutes, lookupRoutes, postRoutes, uploadRoutes } from './posts.js';
import { notificationRoutes } from './notifications.js';
import { portfolioRoutes } from './portfolio.js';
import { invitationRoutes, memberRoutes, teamRoutes } from './teams.js';

/** Every API call, by name: the one route table of ARCHITECTURE.md. */
export const Routes = {
  ...accountRoutes,
  ...profileRoutes,
  ...billingRoutes,
  ...teamRoutes,
  ...memberRoutes,
  ...invitationRoutes,
  ...lookupRoutes,
  ...postRoutes,
  ...engagementRoutes,
  ...uploadRoutes,
  ...notificationRoutes,
  ...topicRoutes,
  ...checkinRoutes,
  ...todoRoutes,
  ...promptRoutes,
  ...watercoolerRoutes,
  ...portfolioRoutes,
};
export type RouteName = keyof typeof Routes;
