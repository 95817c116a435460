import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type Envelope, type TeamProfileDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-teams';

export interface UpdateTeamProfileInput {
  teamId: number;
  name?: string;
  /** The cropped picture, sent as PNG. */
  avatar?: Blob;
}

/** POST user/team/{id}/profile as multipart (optional `name`, optional file `avatar`); roles 2 and 3. */
export async function updateTeamProfile({
  teamId,
  name,
  avatar,
}: UpdateTeamProfileInput): Promise<Envelope<TeamProfileDto>> {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  if (avatar) form.append('avatar', avatar, 'team-picture.png');
  return api<TeamProfileDto>(ApiPaths.teamProfile(teamId), { method: 'POST', body: form });
}

export function useUpdateTeamProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
