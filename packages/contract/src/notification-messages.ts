import { roleWithArticle } from './abilities.js';
import { ATTENTION_CAUSE_SHORT, attentionCauseOfId } from './portfolio.js';
import type { NotificationDto, NotificationKind } from './schemas/notifications.js';

/** The facts a notification's sentence is built from (a `NotificationDto` has them). */
export type NotificationFacts = Pick<NotificationDto, 'kind' | 'actor' | 'team' | 'object'>;

const SENTENCES: Record<NotificationKind, (actor: string, team: string, n: NotificationFacts) => string> = {
  'invitation.received': (a, t) => `${a} has invited you to join ${t}`,
  'invitation.accepted': (a, t) => `${a} accepted your invitation to ${t}`,
  'member.joined': (a, t) => `${a} joined ${t}`,
  'member.role_changed': (a, t, n) => `${a} made you ${roleWithArticle(n.object?.id ?? 0)} of ${t}`,
  'post.reaction': (a) => `${a} reacted to your post`,
  'post.comment': (a) => `${a} commented on your post`,
  'post.shared': (a) => `${a} shared your post`,
  'post.tagged': (a) => `${a} tagged you in a post`,
  'post.created': (a, t) => `${a} posted in ${t}`,
  'checkin.requested': (a, t) => `${a} asked how everyone in ${t} feels: check in`,
  'checkin.answered': (a) => `${a} answered your check-in`,
  'topic.published': (a, t) => `${a} shared today's inspiration in ${t}`,
  'task.tagged': (a) => `${a} tagged you in a task`,
  'task.completed': (a) => `${a} completed a task`,
  'prompt.reminder': (a, t) => `${a} is waiting for your answer in ${t}`,
  'prompt.published': (a, t) => `${a} published the team's answers in ${t}`,
  'prompt.responded': (a) => `${a} answered your question`,
  'team.needs_attention': (_a, t, n) => {
    const cause = attentionCauseOfId(n.object?.id ?? 0);
    return cause ? `${t} needs attention: ${ATTENTION_CAUSE_SHORT[cause]}` : `${t} needs attention`;
  },
};

export const isNotificationKind = (kind: string): kind is NotificationKind => Object.hasOwn(SENTENCES, kind);

/**
 * A notification's sentence, from its structured fields: the one builder of the web's list and
 * snackbar, Web Push and `data.message`. A kind this version does not know reads as its actor.
 */
export function notificationSentence(n: NotificationFacts): string {
  const build = isNotificationKind(n.kind) ? SENTENCES[n.kind] : undefined;
  return build ? build(n.actor.name, n.team?.name ?? '', n) : n.actor.name;
}
