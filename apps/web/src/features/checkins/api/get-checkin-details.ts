import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Endpoints, Paging, type ResponseOf, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';

export type CheckinDetailPage = ResponseOf<typeof Routes.checkinMetricsDetail>;

/** GET user/team/{id}/checkin/metrics/detail?from_date&page: the answers the viewer may see one by one. */
export const getCheckinDetails = (teamId: number, fromDate: string | undefined, page: number, signal?: AbortSignal) =>
  call(Endpoints.checkinMetricsDetail, { params: { id: teamId }, query: { from_date: fromDate, page }, signal });

export const checkinDetailsQuery = (teamId: number, fromDate: string | undefined) =>
  infiniteQueryOptions({
    queryKey: checkinKeys.detail(teamId, fromDate),
    queryFn: ({ pageParam, signal }) => getCheckinDetails(teamId, fromDate, pageParam, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: (last: CheckinDetailPage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export const useCheckinDetails = (teamId: number, fromDate: string | undefined, enabled = true) =>
  useInfiniteQuery({ ...checkinDetailsQuery(teamId, fromDate), enabled });
