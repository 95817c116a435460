import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type JoinTeamData, type TeamDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-teams';

/** POST user/team/join with a join code: 422 for an invalid code, 409 when already a member. */
export const joinTeam = async (input: JoinTeamData): Promise<TeamDto> =>
  (await api<TeamDto>(ApiPaths.joinTeam, { method: 'POST', body: input })).data;

export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
