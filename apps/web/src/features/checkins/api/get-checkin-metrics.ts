import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';
import { periodOf, type PeriodQuery } from '../../../lib/time-zone';

/** GET user/team/{id}/checkin/metrics?from_date&tz: Check-in stats of a period (spec §3). */
export const getCheckinMetrics = async (teamId: number, period: PeriodQuery, signal?: AbortSignal) =>
  (await call(Endpoints.checkinMetrics, { params: { id: teamId }, query: period, signal })).data;

export const checkinMetricsQuery = (teamId: number, fromDate: string | undefined) => {
  const period = periodOf(fromDate);
  return queryOptions({
    queryKey: checkinKeys.metrics(teamId, period.from_date, period.tz),
    queryFn: ({ signal }) => getCheckinMetrics(teamId, period, signal),
  });
};

/** The figures of the chosen period; the last period's stay on screen while the next loads. */
export const useCheckinMetrics = (teamId: number, fromDate: string | undefined) =>
  useQuery({ ...checkinMetricsQuery(teamId, fromDate), placeholderData: keepPreviousData });
