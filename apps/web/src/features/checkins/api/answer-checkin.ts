import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type CheckinAnswerInput, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';

/**
 * POST user/team/{id}/checkin/{checkinId} (mood_id, private): the `checkin.reply` post in
 * `data`, or null for a private answer; `message` says it went to the initiator.
 */
export const answerCheckin = (teamId: number, checkinId: number, body: CheckinAnswerInput) =>
  call(Endpoints.answerCheckin, { params: { id: teamId, checkinId }, body });

/** Answers a check-in; a public answer's post goes to `onPosted`, and the team's check-in data is read again. */
export function useAnswerCheckin(teamId: number, checkinId: number, onPosted?: (post: PostDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckinAnswerInput) => answerCheckin(teamId, checkinId, body),
    onSuccess: (res) => {
      if (res.data) onPosted?.(res.data);
      return queryClient.invalidateQueries({ queryKey: checkinKeys.team(teamId) });
    },
  });
}
