import type { TeamEvent } from '@rally/contract';
import type { EventConsumer } from '../events/consumers.js';
import { forKeptReadsOnly, type AppEvent } from '../events/types.js';
import type { TeamEvents, UserEvents } from './events.js';

/**
 * The realtime consumer of the event log: turns each event into what clients are sent and hands
 * it to the publisher, which delivers it to the members of its team (or its one user) in every
 * process (through Redis when set). A repeat after a crash is harmless: clients apply events
 * idempotently (a post they have is replaced, counts are absolute).
 */
export function realtimeConsumer(publisher: TeamEvents & UserEvents): EventConsumer {
  return {
    name: 'realtime',
    urgent: true,
    handle: ({ event }) => {
      if (event.type === 'notification.created')
        publisher.publishToUser({ type: event.type, user_id: event.user_id, notification: event.notification });
      else if (event.type === 'team.deleted' || event.type === 'team.restored')
        // Addressed to each member: a deleted team has none for the gateway to find.
        for (const id of event.user_ids)
          publisher.publishToUser({ type: event.type, user_id: id, deleted_team_id: event.team_id });
      else {
        const live = liveOf(event);
        if (live) publisher.publish(live);
      }
      return Promise.resolve();
    },
  };
}

/** What members of the event's team are sent live, if anything. */
export function liveOf(event: AppEvent): TeamEvent | undefined {
  if (forKeptReadsOnly(event)) return undefined;
  switch (event.type) {
    case 'post.created':
    case 'post.shared':
    case 'checkin.requested':
    case 'topic.published':
      return { type: 'post.created', team_id: event.team_id, post: event.post };
    case 'checkin.answered':
      return event.post ? { type: 'post.created', team_id: event.team_id, post: event.post } : undefined;
    case 'post.updated':
      return { type: 'post.updated', team_id: event.team_id, post: event.post };
    case 'post.deleted':
      return { type: 'post.deleted', team_id: event.team_id, post_id: event.post_id };
    case 'engagement.changed':
      // A task's lists refetch; a post's counts travel with the event.
      return event.subject.kind === 'task'
        ? { type: 'todo.changed', team_id: event.team_id, list_id: null }
        : {
            type: 'post.engagement',
            team_id: event.team_id,
            post_id: event.subject.id,
            actor_id: event.actor_id,
            engagement: event.engagement,
          };
    case 'todo.changed':
      return { type: 'todo.changed', team_id: event.team_id, list_id: event.list_id };
    case 'prompt.changed':
      // A reminder changes what the owner alone sees (and they made it): nobody refetches.
      return event.what === 'reminded'
        ? undefined
        : { type: 'prompt.changed', team_id: event.team_id, post_id: event.post_id, prompt_id: event.prompt_id };
    case 'task.created':
    case 'task.completed':
      return { type: 'todo.changed', team_id: event.team_id, list_id: event.list_id };
    case 'media.ready':
      return { type: 'media.ready', team_id: event.team_id, post_id: event.post_id };
    case 'member.joined':
    case 'member.left':
    case 'role.changed':
      return { type: 'team.members_changed', team_id: event.team_id };
    case 'notification.created':
    case 'team.deleted':
    case 'team.restored':
    case 'invitation.sent':
    case 'team.attention': // its notification reaches the coach's sockets as notification.created
      return undefined;
  }
}
