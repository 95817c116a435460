import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { Endpoints, Paging, type NotificationDto, type ResponseOf, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  count: () => [...notificationKeys.all, 'count'] as const,
};

type Page = ResponseOf<typeof Routes.notifications>;

/** GET user/notifications?page=: newest first; the server marks page 1's notifications read. */
export const getNotifications = (page: number) => call(Endpoints.notifications, { query: { page } });

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    // Always asked again on opening: fetching page 1 is what marks it read, so a list drawn from
    // the cache would leave a notification that arrived live counted on the badge.
    staleTime: 0,
    initialPageParam: Paging.firstPage,
    getNextPageParam: (last: Page) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQuery());

/** GET user/notifications/recent-notifications-count: the badge (notifications not read yet). */
export const notificationsCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.count(),
    queryFn: async () => (await call(Endpoints.recentNotificationsCount)).data.notifications_count,
  });

export const useNotificationsCount = () => useQuery(notificationsCountQuery()).data ?? 0;

/** A notification that just arrived live: on top of the loaded list, and one more on the badge. */
export function addNotification(queryClient: QueryClient, notification: NotificationDto): void {
  queryClient.setQueryData<number>(notificationKeys.count(), (n) => (n ?? 0) + 1);
  queryClient.setQueryData<InfiniteData<Page>>(notificationKeys.list(), (data) => {
    if (!data?.pages[0] || data.pages.some((p) => p.data.some((n) => n.id === notification.id))) return data;
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [
        { ...first, data: [notification, ...first.data], meta: { ...first.meta, total: first.meta.total + 1 } },
        ...rest,
      ],
    };
  });
}
