import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';

/** Every teams query key starts here, so one invalidation refreshes lists, workspaces and profiles. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  detail: (teamId: number) => [...teamKeys.all, 'detail', teamId] as const,
  profile: (teamId: number) => [...teamKeys.all, 'profile', teamId] as const,
};

/** GET user/teams: the signed-in user's teams. */
export const getTeams = async () => (await call(Endpoints.teams)).data;

/** GET user/teams?team_id=ID: an array, empty when the user is not in that team (spec §7). */
export const getTeam = async (teamId: number) =>
  (await call(Endpoints.teams, { query: { team_id: teamId } })).data[0] ?? null;

export const teamsQuery = () => queryOptions({ queryKey: teamKeys.list(), queryFn: getTeams });

export const teamQuery = (teamId: number) =>
  queryOptions({ queryKey: teamKeys.detail(teamId), queryFn: () => getTeam(teamId) });

export const useTeams = () => useQuery(teamsQuery());
export const useTeam = (teamId: number) => useQuery(teamQuery(teamId));

/**
 * GET user/team/{id}/profile: name, picture, level of engagement and, for the owner, the first
 * steps (ADR 0032). Beside the team's other reads: the workspace, the team card's options and the
 * first steps card all share it.
 */
export const getTeamProfile = async (teamId: number) =>
  (await call(Endpoints.teamProfile, { params: { id: teamId } })).data;

export const teamProfileQuery = (teamId: number) =>
  queryOptions({ queryKey: teamKeys.profile(teamId), queryFn: () => getTeamProfile(teamId) });

export const useTeamProfile = (teamId: number) => useQuery(teamProfileQuery(teamId));

/** A change to a team (create, join, rename, level, …): every teams query is refreshed after it. */
export function useTeamChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
