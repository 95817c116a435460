import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { Endpoints, Paging } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { postKeys, type PostPage } from './post-cache';

/** Spec §9: Load More ends when page equals last_page (or every item is loaded). */
const nextPage = (last: PostPage) =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;

/** GET user/team/:id/timeline?page&type_id: a team's posts, newest first (type 8 wall of fame, 9 bright ideas). */
export const getTimeline = (teamId: number, page: number, typeId?: number, signal?: AbortSignal) =>
  call(Endpoints.timeline, {
    params: { id: teamId },
    query: { page, per_page: Paging.feedPerPage, type_id: typeId },
    signal,
  });

/** GET user/dashboard?page: the posts of all the user's teams, newest first. */
export const getDashboard = (page: number, signal?: AbortSignal) =>
  call(Endpoints.dashboard, { query: { page, per_page: Paging.feedPerPage }, signal });

export const timelineQuery = (teamId: number, typeId?: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.timeline(teamId, typeId),
    queryFn: ({ pageParam, signal }): Promise<PostPage> => getTimeline(teamId, pageParam, typeId, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: nextPage,
  });

export const dashboardQuery = () =>
  infiniteQueryOptions({
    queryKey: postKeys.dashboard(),
    queryFn: ({ pageParam, signal }): Promise<PostPage> => getDashboard(pageParam, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: nextPage,
  });

export const useTimeline = (teamId: number, typeId?: number) => useInfiniteQuery(timelineQuery(teamId, typeId));
export const useDashboard = () => useInfiniteQuery(dashboardQuery());

/** The loaded posts of a feed, in order (a post that moved between pages while loading appears once). */
export function feedPosts(data: InfiniteData<PostPage> | undefined) {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) =>
    page.data.filter((post) => (seen.has(post.id) ? false : (seen.add(post.id), true))),
  );
}
