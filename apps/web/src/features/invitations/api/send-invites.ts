import { useMutation } from '@tanstack/react-query';
import { Endpoints, type Routes, type BodyOf } from '@rally/contract';
import { call } from '../../../lib/api-client';

/** POST user/team/{id}/invite with the e-mails to invite. */
export const sendInvites = ({ teamId, emails }: { teamId: number } & BodyOf<typeof Routes.teamInvite>) =>
  call(Endpoints.teamInvite, { params: { id: teamId }, body: { emails } });

export const useSendInvites = () => useMutation({ mutationFn: sendInvites });
