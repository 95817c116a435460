import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';

/** GET user/team/{id}/checkin/metrics?from_date: Check-in stats of a period (spec §3). */
export const getCheckinMetrics = async (teamId: number, fromDate: string | undefined, signal?: AbortSignal) =>
  (await call(Endpoints.checkinMetrics, { params: { id: teamId }, query: { from_date: fromDate }, signal })).data;

export const checkinMetricsQuery = (teamId: number, fromDate: string | undefined) =>
  queryOptions({
    queryKey: checkinKeys.metrics(teamId, fromDate),
    queryFn: ({ signal }) => getCheckinMetrics(teamId, fromDate, signal),
  });

/** The figures of the chosen period; the last period's stay on screen while the next loads. */
export const useCheckinMetrics = (teamId: number, fromDate: string | undefined) =>
  useQuery({ ...checkinMetricsQuery(teamId, fromDate), placeholderData: keepPreviousData });
