import { useQueryClient } from '@tanstack/react-query';
import { useTeamEvents } from '../../../lib/realtime';
import { applyPostEvent, catchUpPosts } from './post-events';

/**
 * Keeps every loaded feed live (issue 8): new and deleted posts and other people's reactions and
 * comments arrive through the realtime gateway; after a reconnect the feeds are refetched, which
 * catches up whatever was missed. Mounted by the screens that show posts.
 */
export function usePostEvents() {
  const queryClient = useQueryClient();
  useTeamEvents((event) => 'team_id' in event && applyPostEvent(queryClient, event), {
    onReconnect: () => void catchUpPosts(queryClient),
  });
}
