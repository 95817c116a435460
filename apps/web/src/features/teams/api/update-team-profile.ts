import type { z } from 'zod';
import { Endpoints, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useTeamChange } from './get-teams';

export type UpdateTeamProfileInput = z.input<typeof Routes.updateTeamProfile.form> & {
  teamId: number;
  /** The cropped picture, sent as PNG. */
  avatar?: Blob;
};

/** POST user/team/{id}/profile as multipart (optional `name`, optional file `avatar`); roles 2 and 3. */
export function updateTeamProfile({ teamId, name, avatar }: UpdateTeamProfileInput) {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  if (avatar) form.append('avatar', avatar, 'team-picture.png');
  return call(Endpoints.updateTeamProfile, { params: { id: teamId }, form });
}

export const useUpdateTeamProfile = () => useTeamChange(updateTeamProfile);
