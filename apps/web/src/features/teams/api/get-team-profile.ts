import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { teamKeys } from './get-teams';

/** GET user/team/{id}/profile: name, picture and level of engagement. */
export const getTeamProfile = async (teamId: number) =>
  (await call(Endpoints.teamProfile, { params: { id: teamId } })).data;

export const teamProfileQuery = (teamId: number) =>
  queryOptions({ queryKey: [...teamKeys.all, 'profile', teamId] as const, queryFn: () => getTeamProfile(teamId) });

export const useTeamProfile = (teamId: number) => useQuery(teamProfileQuery(teamId));
