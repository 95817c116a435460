import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type MemberDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { memberKeys } from './get-members';

/** DELETE user/team/{id}/member/{userId}: a lead removes a member, or a member leaves. */
export const removeMember = async ({ teamId, userId }: { teamId: number; userId: number }) => {
  await call(Endpoints.removeMember, { params: { id: teamId, userId } });
};

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_data, { teamId, userId }) => {
      // Dropped from the list at once and only marked stale: after leaving a team, a refetch of
      // its members would be refused.
      queryClient.setQueryData<MemberDto[]>(memberKeys.ofTeam(teamId), (list) => list?.filter((m) => m.id !== userId));
      return queryClient.invalidateQueries({ queryKey: memberKeys.ofTeam(teamId), refetchType: 'none' });
    },
  });
}
