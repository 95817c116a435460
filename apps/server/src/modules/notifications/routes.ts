import { Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { NotificationsService } from './service.js';

/** GET user/notifications, …/unread, …/recent-notifications-count. */
export function notificationRoutes(api: Api, { notifications }: { notifications: NotificationsService }): void {
  api.route({
    ...routeOf(api, Routes.notifications),
    handler: async (request) => notifications.list(principalOf(request).id, request.query),
  });
  api.route({
    ...routeOf(api, Routes.unreadNotifications),
    handler: async (request) => notifications.list(principalOf(request).id, request.query, true),
  });
  api.route({
    ...routeOf(api, Routes.recentNotificationsCount),
    handler: async (request) => ok({ notifications_count: await notifications.unreadCount(principalOf(request).id) }),
  });
}
