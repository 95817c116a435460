import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { memberKeys } from './get-members';

/** DELETE user/team/{id}/member/{userId}: a lead removes a member, or a member leaves. */
export const removeMember = async ({ teamId, userId }: { teamId: number; userId: number }): Promise<void> => {
  await api<null>(ApiPaths.teamMember(teamId, userId), { method: 'DELETE' });
};

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_data, { teamId }) => queryClient.invalidateQueries({ queryKey: memberKeys.ofTeam(teamId) }),
  });
}
