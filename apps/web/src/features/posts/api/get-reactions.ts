import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { postKeys } from './post-cache';

/** GET user/team/:id/post/:postId/buzz: every reaction to a post, newest first. */
export const getPostReactions = async (teamId: number, postId: number, signal?: AbortSignal) =>
  (await call(Endpoints.postReactions, { params: { id: teamId, postId }, signal })).data;

export const postReactionsQuery = (teamId: number, postId: number) =>
  queryOptions({
    queryKey: postKeys.reactions(teamId, postId),
    queryFn: ({ signal }) => getPostReactions(teamId, postId, signal),
    // The dialog is opened to see who reacted now.
    staleTime: 0,
  });

export const usePostReactions = (teamId: number, postId: number) => useQuery(postReactionsQuery(teamId, postId));
