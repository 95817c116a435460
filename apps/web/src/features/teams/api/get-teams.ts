import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type TeamDto } from '@rally/contract';
import { api } from '../../../lib/api-client';

/** Every teams query key starts here, so one invalidation refreshes lists, workspaces and profiles. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  detail: (teamId: number) => [...teamKeys.all, 'detail', teamId] as const,
};

/** GET user/teams: the signed-in user's teams. */
export const getTeams = async (): Promise<TeamDto[]> => (await api<TeamDto[]>(ApiPaths.teams)).data;

/** GET user/teams?team_id=ID: an array, empty when the user is not in that team (spec §7). */
export const getTeam = async (teamId: number): Promise<TeamDto | null> =>
  (await api<TeamDto[]>(ApiPaths.teams, { query: { team_id: teamId } })).data[0] ?? null;

export const teamsQuery = () => queryOptions({ queryKey: teamKeys.list(), queryFn: getTeams });

export const teamQuery = (teamId: number) =>
  queryOptions({ queryKey: teamKeys.detail(teamId), queryFn: () => getTeam(teamId) });

export const useTeams = () => useQuery(teamsQuery());
export const useTeam = (teamId: number) => useQuery(teamQuery(teamId));
