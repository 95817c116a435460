import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';

/** GET user/team/{id}/stats?from_date: posts, reactions, comments and active members (decisions.md). */
export const getTeamStats = async (teamId: number, fromDate: string | undefined, signal?: AbortSignal) =>
  (await call(Endpoints.teamStats, { params: { id: teamId }, query: { from_date: fromDate }, signal })).data;

export const teamStatsQuery = (teamId: number, fromDate: string | undefined) =>
  queryOptions({
    queryKey: checkinKeys.teamStats(teamId, fromDate),
    queryFn: ({ signal }) => getTeamStats(teamId, fromDate, signal),
  });

export const useTeamStats = (teamId: number, fromDate: string | undefined, enabled = true) =>
  useQuery({ ...teamStatsQuery(teamId, fromDate), enabled, placeholderData: keepPreviousData });
