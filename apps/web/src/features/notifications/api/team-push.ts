import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

export const teamPushKey = (teamId: number) => [...notificationKeys.all, 'team-push', teamId] as const;

/** GET user/team/{id}/push: whether the signed-in member gets this team's pushes. */
export const getTeamPush = async (teamId: number) => (await call(Endpoints.teamPush, { params: { id: teamId } })).data;

export const teamPushQuery = (teamId: number) =>
  queryOptions({ queryKey: teamPushKey(teamId), queryFn: () => getTeamPush(teamId) });

export const useTeamPush = (teamId: number) => useQuery(teamPushQuery(teamId));

/** POST user/team/{id}/push {enabled}: the cached state changes only when the server agrees. */
export const setTeamPush = async ({ teamId, enabled }: { teamId: number; enabled: boolean }) =>
  (await call(Endpoints.setTeamPush, { params: { id: teamId }, body: { enabled } })).data;

export function useSetTeamPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTeamPush,
    onSuccess: (state) => queryClient.setQueryData(teamPushKey(state.team_id), state),
  });
}
