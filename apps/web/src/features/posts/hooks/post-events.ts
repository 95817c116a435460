import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@rally/contract';
import { applySharedEngagement, postKeys, prependPost, removePost, replacePost } from '../api/post-cache';

/**
 * Marks `queryKey` stale and reads it again from a fetch begun now. A fetch already under way
 * began before the event (a comment list opened as the comment was sent, while its file was still
 * converting): TanStack would hand its answer to the new read too when the list has no data yet,
 * and the list would keep 'encoding'. So that fetch is cancelled first.
 */
function readAfresh(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.refetchQueries({ queryKey, type: 'active' }));
}

/**
 * One realtime event of a team applied to every loaded list of posts. The viewer's own part of a
 * post (their reaction, whether they commented) never comes from an event: this tab set it
 * already when the viewer acted, and the event carries only what everyone sees.
 */
export function applyPostEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.type) {
    case 'post.created':
      prependPost(queryClient, event.post);
      return;
    case 'post.updated':
      // Only where it is loaded already: an edit does not bring an old post back to the top.
      replacePost(queryClient, event.post);
      return;
    case 'post.deleted':
      removePost(queryClient, event.post_id);
      void queryClient.invalidateQueries({
        queryKey: postKeys.comments(event.team_id, event.post_id),
        refetchType: 'none',
      });
      return;
    case 'post.engagement': {
      const {
        buzz_type_id: _own,
        user_expressed: _expressed,
        ...shared
      } = event.engagement as typeof event.engagement & {
        buzz_type_id?: unknown;
        user_expressed?: unknown;
      };
      applySharedEngagement(queryClient, event.post_id, shared);
      // An open comment list or reaction list shows the new state once refetched.
      void queryClient.invalidateQueries({ queryKey: postKeys.comments(event.team_id, event.post_id) });
      void queryClient.invalidateQueries({ queryKey: postKeys.reactions(event.team_id, event.post_id) });
      return;
    }
    case 'media.ready':
      // A converted file comes with new signed URLs (and a team video's answers with it): the
      // team's loaded lists and the post's comments are read again.
      readAfresh(queryClient, postKeys.teamTimelines(event.team_id));
      readAfresh(queryClient, postKeys.dashboard());
      readAfresh(
        queryClient,
        event.post_id === null ? postKeys.teamComments(event.team_id) : postKeys.comments(event.team_id, event.post_id),
      );
      return;
    case 'todo.changed':
    case 'notification.created':
    case 'team.deleted':
    case 'team.restored':
    case 'prompt.changed':
    case 'team.members_changed':
      // Not applied here: to-dos, notifications, teams and prompts have their own features; a
      // prompt's post is read again by the app (live-events.ts).
      return;
  }
}

/** After a reconnect: every loaded feed is refetched, which catches up whatever was missed. */
export const catchUpPosts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: postKeys.all });
