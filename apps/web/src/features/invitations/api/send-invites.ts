import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type Envelope, type InviteData, type InviteResultDto } from '@rally/contract';
import { api } from '../../../lib/api-client';

/** POST user/team/{id}/invite with the e-mails to invite. */
export const sendInvites = ({ teamId, emails }: { teamId: number } & InviteData): Promise<Envelope<InviteResultDto>> =>
  api<InviteResultDto>(ApiPaths.teamInvite(teamId), { method: 'POST', body: { emails } });

export const useSendInvites = () => useMutation({ mutationFn: sendInvites });
