import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type CommentInput, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { prependComment } from './get-comments';
import { applyOwnEngagement } from './post-cache';

/** POST user/team/:id/post/:postId/expression: a comment ("engagement") with text or an uploaded file. */
export const commentOnPost = async (post: Pick<PostDto, 'id' | 'team_id'>, body: CommentInput) =>
  (await call(Endpoints.commentOnPost, { params: { id: post.team_id, postId: post.id }, body })).data;

/**
 * After the comment is saved (spec §4): it heads the loaded comments, and the post's counts become
 * the server's (expressions_count +1, user_expressed true) in every feed.
 */
export function useCommentOnPost(post: Pick<PostDto, 'id' | 'team_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentInput) => commentOnPost(post, body),
    onSuccess: ({ engagement, ...comment }) => {
      prependComment(queryClient, post.team_id, post.id, comment);
      applyOwnEngagement(queryClient, post.id, engagement);
    },
  });
}
