import type { RallyModule } from '../module.js';
import { authModule } from './auth/module.js';
import { billingModule } from './billing/module.js';
import { checkinsModule } from './checkins/module.js';
import { engagementModule } from './engagement/module.js';
import { geocodeModule } from './geocode/module.js';
import { healthModule } from './health/module.js';
import { invitationsModule } from './invitations/module.js';
import { lookupsModule } from './lookups/module.js';
import { mailModule } from './mail/module.js';
import { mediaModule } from './media/module.js';
import { membersModule } from './members/module.js';
import { notificationsModule } from './notifications/module.js';
import { portfolioModule } from './portfolio/module.js';
import { postsModule } from './posts/module.js';
import { profileModule } from './profile/module.js';
import { promptsModule } from './prompts/module.js';
import { pushModule } from './push/module.js';
import { teamsModule } from './teams/module.js';
import { todosModule } from './todos/module.js';
import { topicsModule } from './topics/module.js';
import { uploadsModule } from './uploads/module.js';
import { watercoolerModule } from './watercooler/module.js';
import { realtimeModule } from '../realtime/module.js';

/**
 * Every module, in the order they are set up: a module uses the services of those before it
 * (docs/adding-a-module.md). They close in the reverse order.
 */
export const MODULES: readonly RallyModule[] = [
  mailModule,
  billingModule,
  realtimeModule,
  authModule,
  membersModule,
  uploadsModule,
  pushModule,
  notificationsModule,
  teamsModule,
  profileModule,
  invitationsModule,
  engagementModule,
  postsModule,
  // After uploads, engagement and posts: a conversion's end is written through their repositories.
  mediaModule,
  promptsModule,
  todosModule,
  checkinsModule,
  watercoolerModule,
  topicsModule,
  portfolioModule,
  healthModule,
  lookupsModule,
  geocodeModule,
];
