import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { postKeys } from './post-cache';

/** POST user/team/:id/posts/:postId/share {team_ids}: copies the post to the viewer's other teams (201). */
export const sharePost = (post: Pick<PostDto, 'id' | 'team_id'>, teamIds: number[]) =>
  call(Endpoints.sharePost, { params: { id: post.team_id, postId: post.id }, body: { team_ids: teamIds } });

/** Sharing adds a post to each chosen team: their timelines and the dashboard are refetched. */
export function useSharePost(post: Pick<PostDto, 'id' | 'team_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamIds: number[]) => sharePost(post, teamIds),
    onSuccess: async (_answer, teamIds) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.dashboard() }),
        ...teamIds.map((teamId) => queryClient.invalidateQueries({ queryKey: postKeys.teamTimelines(teamId) })),
      ]);
    },
  });
}
