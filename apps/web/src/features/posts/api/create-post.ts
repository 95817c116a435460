import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type BodyOf, type PostDto, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { prependPost } from './post-cache';

/** POST user/team/{id}/posts: a text post or a thought (content 4–500, media_type text); 201 with the post. */
export const createPost = async (teamId: number, body: BodyOf<typeof Routes.createPost>) =>
  (await call(Endpoints.createPost, { params: { id: teamId }, body })).data;

/**
 * A mutation that creates a post in a team and, once the server has it, puts it on top of every
 * loaded list it belongs in (spec §4 Posting). The create-*.ts calls share it.
 */
export function useNewPost<B>(teamId: number, create: (teamId: number, body: B) => Promise<PostDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => create(teamId, body),
    onSuccess: (post) => prependPost(queryClient, post),
  });
}

export const useCreatePost = (teamId: number) => useNewPost(teamId, createPost);
