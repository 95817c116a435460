import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type InvitationDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { invitationKeys, removeInvitation } from './get-pending-invitations';

/** The fixed reason the spec sends with a rejection. */
export const REJECT_REASON = 'Not interested';

/** POST user/team/invitations/reject. */
export const rejectInvitation = async (invitation: InvitationDto): Promise<void> => {
  await api<null>(ApiPaths.rejectInvitation, {
    method: 'POST',
    body: { invitation_code: invitation.invitation_code, reject_reason: REJECT_REASON },
  });
};

export function useRejectInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInvitation,
    // A failed answer usually means the invitation changed elsewhere; reload the list.
    onError: () => queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
    onSuccess: (_data, invitation) => removeInvitation(queryClient, invitation.id),
  });
}
