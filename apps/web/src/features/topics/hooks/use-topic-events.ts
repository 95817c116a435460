import { useQueryClient } from '@tanstack/react-query';
import { PostType } from '@rally/contract';
import { useTeamEvents } from '../../../lib/realtime';
import { topicKeys } from '../api/topic-keys';

/**
 * A topic published anywhere (a lead's tab, another member's, the scheduled job of any server)
 * arrives as its `topic` post, an edit of one as the post updated, and reactions and comments on
 * today's topic post as its counts: either way the team's topic is read again. After a reconnect, too.
 */
export function useTopicEvents(teamId: number, postId: number | null | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: topicKeys.team(teamId) });
  useTeamEvents(
    (event) => {
      if (
        (event.type === 'post.created' || event.type === 'post.updated') &&
        event.team_id === teamId &&
        event.post.type_id === PostType.topic
      )
        refresh();
      else if (event.type === 'post.engagement' && postId && event.post_id === postId) refresh();
    },
    { onReconnect: refresh },
  );
}
