import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Endpoints, Paging, type ResponseOf, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';
import { periodOf, type PeriodQuery } from '../../../lib/time-zone';

export type CheckinDetailPage = ResponseOf<typeof Routes.checkinMetricsDetail>;

/** GET user/team/{id}/checkin/metrics/detail?from_date&tz&page: the answers the viewer may see one by one. */
export const getCheckinDetails = (teamId: number, period: PeriodQuery, page: number, signal?: AbortSignal) =>
  call(Endpoints.checkinMetricsDetail, { params: { id: teamId }, query: { ...period, page }, signal });

export const checkinDetailsQuery = (teamId: number, fromDate: string | undefined) => {
  const period = periodOf(fromDate);
  return infiniteQueryOptions({
    queryKey: checkinKeys.detail(teamId, period.from_date, period.tz),
    queryFn: ({ pageParam, signal }) => getCheckinDetails(teamId, period, pageParam, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: (last: CheckinDetailPage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
};

export const useCheckinDetails = (teamId: number, fromDate: string | undefined, enabled = true) =>
  useInfiniteQuery({ ...checkinDetailsQuery(teamId, fromDate), enabled });
