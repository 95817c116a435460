import { Endpoints, type InvitationDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useAnswerInvitation } from './get-pending-invitations';

/** The fixed reason the spec sends with a rejection. */
export const REJECT_REASON = 'Not interested';

/** POST user/team/invitations/reject. */
export const rejectInvitation = async (invitation: InvitationDto): Promise<void> => {
  await call(Endpoints.rejectInvitation, {
    body: { invitation_code: invitation.invitation_code, reject_reason: REJECT_REASON },
  });
};

export const useRejectInvitation = () => useAnswerInvitation(rejectInvitation);
