import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { teamKeys } from './get-teams';

/** DELETE user/team/{id} (Delete Coaching; the owner only, restorable for a while: ADR 0019). */
export const deleteTeam = async (teamId: number): Promise<void> => {
  await call(Endpoints.deleteTeam, { params: { id: teamId } });
};

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    // Marked stale, not refetched: the deleted team's own screens are still mounted until the
    // page leaves them, and refetching them now would only answer 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all, refetchType: 'none' }),
  });
}
