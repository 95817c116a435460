import type { Migration } from 'kysely';
import * as accounts from './2026112301-accounts.js';
import * as teams from './2026112302-teams.js';
import * as outboxRetries from './2026112303-outbox-retries.js';
import * as memberOrder from './2026112304-member-order.js';
import * as timeline from './2026112305-timeline.js';
import * as uploads from './2026112306-uploads.js';
import * as profiles from './2026112307-profiles.js';
import * as notifications from './2026112308-notifications.js';
import * as postCounts from './2026112309-post-counts.js';
import * as topics from './2026112502-topics.js';
import * as checkins from './2026112501-checkins.js';
import * as todos from './2026112503-todos.js';
import * as billing from './2026112504-billing.js';
import * as timelineVersion from './2026112505-timeline-version.js';
import * as tableChangeNotify from './2026112506-table-change-notify.js';
import * as emailChange from './2026112601-email-change.js';
import * as deletedTeams from './2026112602-deleted-teams.js';
import * as invitationMailedAt from './2026112603-invitation-mailed-at.js';
import * as pushSessions from './2026112605-push-sessions.js';
import * as eventLog from './2026112701-event-log.js';
import * as dropTableChangeNotify from './2026112720-drop-table-change-notify.js';
import * as mediaState from './2026112800-media-state.js';
import * as mediaJobs from './2026112801-media-jobs.js';
import * as prompts from './2026112810-prompts.js';
import * as postsTimeOrder from './2026112811-posts-time-order.js';
import * as portfolioSettings from './2026112812-portfolio-settings.js';
import * as portfolioAttention from './2026112813-portfolio-attention.js';
import * as workQueue from './2026112900-work-queue.js';
import * as mediaOnQueue from './2026112902-media-on-queue.js';
import * as derivedData from './2026112903-derived-data.js';

/** Every migration, in order. Static imports keep the built server self-contained. */
export const migrations: Record<string, Migration> = {
  '2026112301-accounts': accounts,
  '2026112302-teams': teams,
  '2026112303-outbox-retries': outboxRetries,
  '2026112304-member-order': memberOrder,
  '2026112305-timeline': timeline,
  '2026112306-uploads': uploads,
  '2026112307-profiles': profiles,
  '2026112308-notifications': notifications,
  '2026112309-post-counts': postCounts,
  '2026112501-checkins': checkins,
  '2026112502-topics': topics,
  '2026112503-todos': todos,
  '2026112504-billing': billing,
  '2026112505-timeline-version': timelineVersion,
  '2026112506-table-change-notify': tableChangeNotify,
  '2026112601-email-change': emailChange,
  '2026112602-deleted-teams': deletedTeams,
  '2026112603-invitation-mailed-at': invitationMailedAt,
  '2026112605-push-sessions': pushSessions,
  '2026112701-event-log': eventLog,
  '2026112720-drop-table-change-notify': dropTableChangeNotify,
  '2026112800-media-state': mediaState,
  '2026112801-media-jobs': mediaJobs,
  '2026112810-prompts': prompts,
  '2026112811-posts-time-order': postsTimeOrder,
  '2026112812-portfolio-settings': portfolioSettings,
  '2026112813-portfolio-attention': portfolioAttention,
  '2026112900-work-queue': workQueue,
  '2026112902-media-on-queue': mediaOnQueue,
  '2026112903-derived-data': derivedData,
};
