import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type InvitationDto, type TeamDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { invitationKeys, removeInvitation } from './get-pending-invitations';

/** Accepting is joining with the invitation's code: POST user/team/join. */
export const acceptInvitation = async (invitation: InvitationDto): Promise<TeamDto> =>
  (await api<TeamDto>(ApiPaths.joinTeam, { method: 'POST', body: { invitation_code: invitation.invitation_code } }))
    .data;

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // A failed answer usually means the invitation changed elsewhere; reload the list.
    onError: () => queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
    onSuccess: (_team, invitation) => removeInvitation(queryClient, invitation.id),
  });
}
