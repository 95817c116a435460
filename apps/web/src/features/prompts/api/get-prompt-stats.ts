import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { PromptEndpoints, Paging, type PageMeta } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { promptKeys, type PromptKind } from './keys';
import { periodOf, type PeriodQuery } from '../../../lib/time-zone';

/** GET …/videos/metrics or …/slideshows/metrics?from_date&tz: the period's prompts, answers and rate. */
export async function getPromptMetrics(teamId: number, kind: PromptKind, period: PeriodQuery, signal?: AbortSignal) {
  const input = { params: { id: teamId }, query: period, signal };
  return (
    kind === 'video'
      ? await call(PromptEndpoints.videoMetrics, input)
      : await call(PromptEndpoints.slideshowMetrics, input)
  ).data;
}

export const promptMetricsQuery = (teamId: number, kind: PromptKind, fromDate: string | undefined) => {
  const period = periodOf(fromDate);
  return queryOptions({
    queryKey: promptKeys.metrics(teamId, kind, period.from_date, period.tz),
    queryFn: ({ signal }) => getPromptMetrics(teamId, kind, period, signal),
  });
};

/** The figures of the chosen period; the last period's stay on screen while the next loads. */
export const usePromptMetrics = (teamId: number, kind: PromptKind, fromDate: string | undefined) =>
  useQuery({ ...promptMetricsQuery(teamId, kind, fromDate), placeholderData: keepPreviousData });

const nextPage = (last: { meta: PageMeta }) =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;

/** GET …/videos or …/slideshows?from_date&tz&page: every prompt of the period, newest first. */
export const promptListQuery = (teamId: number, kind: PromptKind, fromDate: string | undefined) => {
  const period = periodOf(fromDate);
  return infiniteQueryOptions({
    queryKey: promptKeys.list(teamId, kind, period.from_date, period.tz),
    queryFn: ({ pageParam, signal }) => {
      const input = { params: { id: teamId }, query: { ...period, page: pageParam }, signal };
      return kind === 'video' ? call(PromptEndpoints.videos, input) : call(PromptEndpoints.slideshows, input);
    },
    initialPageParam: Paging.firstPage,
    getNextPageParam: nextPage,
  });
};

export const usePromptList = (teamId: number, kind: PromptKind, fromDate: string | undefined, enabled = true) =>
  useInfiniteQuery({ ...promptListQuery(teamId, kind, fromDate), enabled });

/** GET …/video/{videoId}/responses or …/slideshows/{slideshowId}/responses?page: one prompt's answers. */
export const promptResponsesQuery = (teamId: number, kind: PromptKind, promptId: number) =>
  infiniteQueryOptions({
    queryKey: promptKeys.responses(teamId, kind, promptId),
    queryFn: ({ pageParam, signal }) =>
      kind === 'video'
        ? call(PromptEndpoints.videoResponses, {
            params: { id: teamId, videoId: promptId },
            query: { page: pageParam },
            signal,
          })
        : call(PromptEndpoints.slideshowResponses, {
            params: { id: teamId, slideshowId: promptId },
            query: { page: pageParam },
            signal,
          }),
    initialPageParam: Paging.firstPage,
    getNextPageParam: nextPage,
  });

export const usePromptResponses = (teamId: number, kind: PromptKind, promptId: number, enabled = true) =>
  useInfiniteQuery({ ...promptResponsesQuery(teamId, kind, promptId), enabled });
