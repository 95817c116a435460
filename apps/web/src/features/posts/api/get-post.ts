import type { QueryClient } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { postKeys, replacePost } from './post-cache';

/** GET user/team/{id}/posts/{postId}: one post as the viewer sees it now. */
export const getPost = async (teamId: number, postId: number) =>
  (await call(Endpoints.post, { params: { id: teamId, postId } })).data;

/**
 * Reads a post again and puts it in every loaded list that holds it (a team video's answers
 * changed its counts); nothing when no list holds it, and a failure leaves the lists as they are.
 */
export async function refreshPost(queryClient: QueryClient, teamId: number, postId: number): Promise<void> {
  const held = queryClient
    .getQueriesData<{ pages: { data: { id: number }[] }[] }>({ queryKey: postKeys.all })
    .some(([, feed]) => feed?.pages.some((p) => p.data.some((post) => post.id === postId)));
  if (!held) return;
  try {
    replacePost(queryClient, await getPost(teamId, postId));
  } catch {
    // Gone or no longer visible: its own event (post.deleted) takes it out.
  }
}
