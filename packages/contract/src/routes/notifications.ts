import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import {
  notificationDto,
  notificationsCountDto,
  notificationsQuery,
  pushPublicKeyDto,
  registerDeviceTokenSchema,
  teamPushDto,
  teamPushSchema,
} from '../schemas/notifications.js';
import { teamParams } from '../schemas/teams.js';

/** Notifications and push (spec §7 Notifications, `register-device-token`). */
export const notificationRoutes = {
  /** Newest first; page 1 marks the notifications it lists read. */
  notifications: defineRoute({
    ...endpointPaths.notifications,
    query: notificationsQuery,
    response: pagedEnvelopeOf(notificationDto),
  }),
  unreadNotifications: defineRoute({
    ...endpointPaths.unreadNotifications,
    query: notificationsQuery,
    response: pagedEnvelopeOf(notificationDto),
  }),
  recentNotificationsCount: defineRoute({
    ...endpointPaths.recentNotificationsCount,
    response: envelopeOf(notificationsCountDto),
  }),
  registerDeviceToken: defineRoute({
    ...endpointPaths.registerDeviceToken,
    body: registerDeviceTokenSchema,
    response: envelopeOf(z.null()),
  }),
  pushPublicKey: defineRoute({ ...endpointPaths.pushPublicKey, response: envelopeOf(pushPublicKeyDto) }),
  /** Whether the signed-in member gets this team's pushes (the switch's current state). */
  teamPush: defineRoute({ ...endpointPaths.teamPush, params: teamParams, response: envelopeOf(teamPushDto) }),
  setTeamPush: defineRoute({
    ...endpointPaths.setTeamPush,
    params: teamParams,
    body: teamPushSchema,
    response: envelopeOf(teamPushDto),
  }),
};
