import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-teams';
import { teamProfileQuery } from './get-team-profile';

/** DELETE user/team/{id} (Delete Coaching; roles 2 and 3). */
export const deleteTeam = async (teamId: number): Promise<void> => {
  await api<null>(ApiPaths.team(teamId), { method: 'DELETE' });
};

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_data, teamId) => {
      // The deleted team's own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: teamKeys.detail(teamId) });
      queryClient.removeQueries({ queryKey: teamProfileQuery(teamId).queryKey });
      return queryClient.invalidateQueries({ queryKey: teamKeys.list() });
    },
  });
}
