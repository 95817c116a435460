import { Endpoints, type InvitationDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useAnswerInvitation } from './get-pending-invitations';

/** Accepting is joining with the invitation's code: POST user/team/join. */
export const acceptInvitation = async (invitation: InvitationDto) =>
  (await call(Endpoints.joinTeam, { body: { invitation_code: invitation.invitation_code } })).data;

export const useAcceptInvitation = () => useAnswerInvitation(acceptInvitation);
