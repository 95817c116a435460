import type { EventConsumer } from '../../events/consumers.js';
import { forKeptReadsOnly } from '../../events/types.js';
import type { Notifier } from './notifier.js';

/**
 * The notifications consumer of the event log: stores the notifications an event calls for (and
 * hands them to Web Push and, through the log, to the recipients' sockets). Run by one process
 * at a time, in event order.
 */
export function notificationsConsumer(notifier: Notifier): EventConsumer {
  return {
    name: 'notifications',
    handle: async ({ event: e }) => {
      if (forKeptReadsOnly(e)) return;
      switch (e.type) {
        case 'post.created':
          return notifier.postCreated(e.actor_id, e.team_id, e.post.id, e.tagged);
        case 'post.shared':
          return notifier.shared(e.actor_id, e.original_author_id, e.original_team_id, [e.team_id]);
        case 'checkin.requested':
          return notifier.checkinRequested(e.actor_id, e.team_id, e.post.id);
        case 'checkin.answered':
          return notifier.checkinAnswered(e.actor_id, e.team_id, e.checkin_id, e.initiator_id);
        case 'topic.published':
          return notifier.topicPublished(e.actor_id, e.team_id, e.post.id);
        case 'engagement.changed':
          if (e.subject.kind !== 'post') return;
          if (e.what === 'reaction') return notifier.reacted(e.actor_id, e.team_id, e.subject.id);
          if (e.what === 'comment') return notifier.commented(e.actor_id, e.team_id, e.subject.id);
          return;
        case 'task.created':
          return notifier.taskTagged(e.actor_id, e.team_id, e.list_id, e.tagged);
        case 'task.completed':
          return notifier.taskCompleted(e.actor_id, e.team_id, e.list_id, e.recipients);
        case 'invitation.sent':
          return notifier.invitationReceived(e.actor_id, e.team_id, e.emails);
        case 'member.joined':
          await notifier.invitationAccepted(e.user_id, e.team_id, e.inviter_id);
          return notifier.memberJoined(e.user_id, e.team_id, [e.inviter_id]);
        case 'role.changed':
          return notifier.roleChanged(e.actor_id, e.team_id, e.user_id, e.role_id);
        case 'prompt.changed':
          if (e.what === 'responded') return notifier.promptResponded(e.actor_id, e.team_id, e.post_id, e.owner_id);
          if (e.what === 'published') return notifier.promptPublished(e.actor_id, e.team_id, e.post_id);
          if (e.what === 'reminded' && e.user_id !== undefined)
            return notifier.promptReminder(e.actor_id, e.team_id, e.post_id, e.user_id);
          return;
        case 'team.attention':
          return notifier.teamNeedsAttention(e.user_id, e.team_id, e.cause);
        case 'post.updated':
        case 'post.deleted':
        case 'todo.changed':
        case 'notification.created':
        case 'team.deleted':
        case 'team.restored':
        case 'media.ready':
        case 'member.left':
          return;
      }
    },
  };
}
