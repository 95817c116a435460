import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Limits, type EngagementDto, type UserRefDto } from '@rally/contract';
import type { EngagementSubject } from './subject';

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

const ownPart = ({ engagement: e }: EngagementSubject): OwnReaction => ({
  buzz_type_id: e.buzz_type_id,
  buzzes_count: e.buzzes_count,
  reactions: e.reactions,
  recent_buzz_activity_user: e.recent_buzz_activity_user,
});

/**
 * The viewer's reaction to a post or task, shown at once in every cached list that holds it; the
 * server's answer then replaces it, and a failure puts back what was there (the caller tells the
 * user). When the viewer changes their mind quickly, only the latest choice's answer or failure counts.
 */
export function useReact(subject: EngagementSubject, me: UserRefDto) {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  return useMutation({
    mutationFn: (buzzTypeId: number | null) => subject.react(buzzTypeId),
    onMutate: (buzzTypeId) => {
      const seq = ++latest.current;
      const before = ownPart(subject);
      subject.apply(queryClient, withOwnReaction(before, buzzTypeId, me));
      return { before, seq };
    },
    onSuccess: (engagement: EngagementDto, _buzz, context) => {
      if (context.seq === latest.current) subject.apply(queryClient, engagement);
    },
    onError: (_err, _buzz, context) => {
      if (context && context.seq === latest.current) subject.apply(queryClient, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: subject.keys.reactions }),
  });
}
