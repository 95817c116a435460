import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';

/** POST user/team/{id}/checkin: a lead asks the team for its mood; 201 with the `checkin` post. */
export const requestCheckin = async (teamId: number) =>
  (await call(Endpoints.requestCheckin, { params: { id: teamId } })).data;

/** Requests a check-in; the team's check-in status and stats are read again, the post goes to `onPosted`. */
export function useRequestCheckin(teamId: number, onPosted?: (post: PostDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestCheckin(teamId),
    onSuccess: (post) => {
      onPosted?.(post);
      return queryClient.invalidateQueries({ queryKey: checkinKeys.team(teamId) });
    },
  });
}
