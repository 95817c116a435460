import type { QueryClient } from '@tanstack/react-query';
import { PostType, type RealtimeEvent } from '@rally/contract';
import type { getTopicOfDay } from './get-topic-of-day';
import { topicKeys } from './topic-keys';

type TopicOfDay = Awaited<ReturnType<typeof getTopicOfDay>>;

/**
 * A topic published anywhere (a lead's tab, another member's, the scheduled job of any server)
 * arrives as its `topic` post, an edit of one as the post updated, and reactions and comments on
 * today's topic post as its counts: either way that team's topic is read again.
 */
export function applyTopicEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  const refresh = (teamId: number) => void queryClient.invalidateQueries({ queryKey: topicKeys.team(teamId) });
  if ((event.type === 'post.created' || event.type === 'post.updated') && event.post.type_id === PostType.topic)
    refresh(event.team_id);
  else if (event.type === 'post.engagement') {
    const today = queryClient.getQueryData<TopicOfDay>(topicKeys.ofDay(event.team_id));
    if (today && today.post_id === event.post_id) refresh(event.team_id);
  }
}

/** After a reconnect: every loaded topic is read again. */
export const catchUpTopics = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: topicKeys.all });
