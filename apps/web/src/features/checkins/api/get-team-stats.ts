import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';
import { periodOf, type PeriodQuery } from '../../../lib/time-zone';

/** GET user/team/{id}/stats?from_date&tz: posts, reactions, comments and active members (decisions.md). */
export const getTeamStats = async (teamId: number, period: PeriodQuery, signal?: AbortSignal) =>
  (await call(Endpoints.teamStats, { params: { id: teamId }, query: period, signal })).data;

export const teamStatsQuery = (teamId: number, fromDate: string | undefined) => {
  const period = periodOf(fromDate);
  return queryOptions({
    queryKey: checkinKeys.teamStats(teamId, period.from_date, period.tz),
    queryFn: ({ signal }) => getTeamStats(teamId, period, signal),
  });
};

export const useTeamStats = (teamId: number, fromDate: string | undefined, enabled = true) =>
  useQuery({ ...teamStatsQuery(teamId, fromDate), enabled, placeholderData: keepPreviousData });
