import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Endpoints, Limits, type EngagementDto, type PostDto, type UserRefDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { applyOwnEngagement, postKeys } from './post-cache';

/** POST user/team/:id/post/:postId/buzz?buzz_type_id: sets or changes the viewer's reaction. */
export const reactToPost = async (teamId: number, postId: number, buzzTypeId: number) =>
  (
    await call(Endpoints.reactToPost, {
      params: { id: teamId, postId },
      query: { buzz_type_id: buzzTypeId },
      // The route also takes the choice as a JSON body; the query (spec §7) is enough.
      body: undefined,
    })
  ).data;

/** DELETE the same path: clears the viewer's reaction. */
export const clearPostReaction = async (teamId: number, postId: number) =>
  (await call(Endpoints.clearPostReaction, { params: { id: teamId, postId } })).data;

export type OwnReaction = Pick<
  EngagementDto,
  'buzz_type_id' | 'buzzes_count' | 'reactions' | 'recent_buzz_activity_user'
>;

/**
 * The viewer's reaction as it will stand (spec §4): from none, the count rises by 1; a change
 * replaces the type and keeps the count; clearing drops it by 1. The viewer's entry moves to the
 * head of the hover list's newest reactions (or leaves it).
 */
export function withOwnReaction(
  current: OwnReaction,
  buzzTypeId: number | null,
  me: UserRefDto,
  now: string = new Date().toISOString(),
): OwnReaction {
  const had = current.buzz_type_id !== null;
  const others = current.reactions.filter((r) => r.user.id !== me.id);
  if (buzzTypeId === null)
    return {
      ...current,
      buzz_type_id: null,
      buzzes_count: had ? Math.max(0, current.buzzes_count - 1) : current.buzzes_count,
      reactions: others,
    };
  const mine = current.reactions.find((r) => r.user.id === me.id);
  return {
    buzz_type_id: buzzTypeId,
    buzzes_count: had ? current.buzzes_count : current.buzzes_count + 1,
    reactions: [
      { id: mine?.id ?? -me.id, buzz_type_id: buzzTypeId, user: { ...me, responded_at: now } },
      ...others,
    ].slice(0, Limits.reactionPreview),
    recent_buzz_activity_user: me,
  };
}

const ownPart = (post: PostDto): OwnReaction => ({
  buzz_type_id: post.buzz_type_id,
  buzzes_count: post.buzzes_count,
  reactions: post.reactions,
  recent_buzz_activity_user: post.recent_buzz_activity_user,
});

/**
 * The viewer's reaction to a post, applied to every loaded feed at once; the server's answer then
 * replaces it, and a failure puts back what was there (the caller tells the user). When the viewer
 * changes their mind quickly, only the latest choice's answer or failure counts.
 */
export function useReactToPost(post: PostDto, me: UserRefDto) {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  return useMutation({
    mutationFn: (buzzTypeId: number | null) =>
      buzzTypeId === null ? clearPostReaction(post.team_id, post.id) : reactToPost(post.team_id, post.id, buzzTypeId),
    onMutate: (buzzTypeId) => {
      const seq = ++latest.current;
      const before = ownPart(post);
      applyOwnEngagement(queryClient, post.id, withOwnReaction(before, buzzTypeId, me));
      return { before, seq };
    },
    onSuccess: (engagement, _buzz, context) => {
      if (context.seq === latest.current) applyOwnEngagement(queryClient, post.id, engagement);
    },
    onError: (_err, _buzz, context) => {
      if (context && context.seq === latest.current) applyOwnEngagement(queryClient, post.id, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.reactions(post.team_id, post.id) }),
  });
}
