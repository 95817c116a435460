import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { removePost } from './post-cache';

/** DELETE user/team/:id/posts/:postId. */
export const deletePost = (post: Pick<PostDto, 'id' | 'team_id'>) =>
  call(Endpoints.deletePost, { params: { id: post.team_id, postId: post.id } });

/** A deleted post leaves every loaded list. */
export function useDeletePost(post: Pick<PostDto, 'id' | 'team_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(post),
    onSuccess: () => removePost(queryClient, post.id),
  });
}
