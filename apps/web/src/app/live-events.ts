import type { QueryClient } from '@tanstack/react-query';
import type { NotificationDto, RealtimeEvent } from '@rally/contract';
import { addNotification, notificationKeys } from '../features/notifications/api/get-notifications';
import { postKeys, refreshPost } from '../features/posts/api/post-cache';
import { applyPostEvent, catchUpPosts } from '../features/posts/hooks/post-events';
import { applyPromptEvent, catchUpPrompts } from '../features/prompts/api/prompt-events';
import { memberKeys } from '../features/members/api/get-members';
import { teamKeys } from '../features/teams/api/get-teams';
import { applyTodoEvent, catchUpTodos } from '../features/todos/api/todo-events';
import { applyTopicEvent, catchUpTopics } from '../features/topics/api/topic-events';
import { paths } from '../config/paths';

/** Whether `pathname` is one of the team's screens (/engagements/12/…, /teams/12/…). */
export const isTeamPath = (pathname: string, teamId: number): boolean =>
  [paths.team(teamId), `/teams/${teamId}`].some((base) => pathname === base || pathname.startsWith(`${base}/`));

/** What the screen must do besides the caches: tell the user of a notification, or leave a deleted team. */
export interface LiveOutcome {
  notification?: NotificationDto;
  leaveTeam?: boolean;
}

/**
 * One realtime event applied to every cached query that shows it, whether or not a screen showing
 * it is mounted: each feature says how its own caches change, and this is the one place
 * that hands them every event. `pathname` is where the user is (a deleted team's screen is left).
 */
export function applyLiveEvent(queryClient: QueryClient, event: RealtimeEvent, pathname: string): LiveOutcome {
  applyPostEvent(queryClient, event);
  applyTopicEvent(queryClient, event);
  applyTodoEvent(queryClient, event);
  applyPromptEvent(queryClient, event);
  switch (event.type) {
    case 'notification.created':
      addNotification(queryClient, event.notification);
      return { notification: event.notification };
    case 'team.deleted':
    case 'team.restored': {
      const inside = event.type === 'team.deleted' && isTeamPath(pathname, event.deleted_team_id);
      // Not refetched while its screens are still mounted: they would only answer 404.
      void queryClient.invalidateQueries({ queryKey: teamKeys.all, refetchType: inside ? 'none' : 'active' });
      void queryClient.invalidateQueries({ queryKey: postKeys.dashboard() });
      return { leaveTeam: inside };
    }
    case 'team.members_changed':
      // The member count (Request Check-in, the watercooler), the members list, the first steps.
      void queryClient.invalidateQueries({ queryKey: teamKeys.list() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.detail(event.team_id) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.profile(event.team_id) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.ofTeam(event.team_id) });
      return {};
    case 'prompt.changed':
      // What each viewer may see of a prompt's post depends on who they are: read again.
      void refreshPost(queryClient, event.team_id, event.post_id);
      return {};
    case 'post.created':
    case 'post.updated':
    case 'post.deleted':
    case 'post.engagement':
    case 'todo.changed':
    case 'media.ready':
      return {};
  }
}

/**
 * After the stream came back: every cached query that events keep is marked stale, and the ones on
 * screen are read again at once, which catches up whatever happened while the socket was away.
 */
export async function catchUpLive(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    catchUpPosts(queryClient),
    queryClient.invalidateQueries({ queryKey: ['comments'] }),
    queryClient.invalidateQueries({ queryKey: ['reactions'] }),
    catchUpTopics(queryClient),
    catchUpTodos(queryClient),
    catchUpPrompts(queryClient),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  ]);
}
