import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const memberKeys = {
  all: ['members'] as const,
  ofTeam: (teamId: number) => [...memberKeys.all, teamId] as const,
};

/** GET user/team/{id}/members: every member, owner first, each with their role. */
export const getMembers = async (teamId: number) =>
  (await call(Endpoints.teamMembers, { params: { id: teamId } })).data;

export const membersQuery = (teamId: number) =>
  queryOptions({ queryKey: memberKeys.ofTeam(teamId), queryFn: () => getMembers(teamId) });

export const useMembers = (teamId: number) => useQuery(membersQuery(teamId));
