import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type CreateTeamData, type TeamDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-teams';

/** POST user/team: 201 with the new team; 403 with the Coach-plan message when not allowed. */
export const createTeam = async (input: CreateTeamData): Promise<TeamDto> =>
  (await api<TeamDto>(ApiPaths.createTeam, { method: 'POST', body: input })).data;

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
