import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { teamKeys } from './get-teams';

/** GET user/team/{id}/level-of-engagement: the team's current level. */
export const getTeamLevel = async (teamId: number) =>
  (await call(Endpoints.teamLevelOfEngagement, { params: { id: teamId } })).data;

export const teamLevelQuery = (teamId: number) =>
  queryOptions({ queryKey: [...teamKeys.all, 'level', teamId] as const, queryFn: () => getTeamLevel(teamId) });

export const useTeamLevel = (teamId: number) => useQuery(teamLevelQuery(teamId));
