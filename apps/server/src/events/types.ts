import type { AttentionCause, NotificationDto, PostDto, SharedEngagement } from '@rally/contract';

/** What a reaction or comment was on (the engagement module's `Subject`). */
export interface EventSubject {
  kind: 'post' | 'task';
  id: number;
}

/**
 * Everything that happens after a write, as recorded in the event log (ADR 0024) in the same
 * transaction as the write. Consumers (realtime, notifications…) each decide what an event means
 * to them; a service records what happened, never who is told. `team_id` is the team it happened
 * in (null for what belongs to a user alone). A post travels as presented when it was written:
 * the realtime consumer sends it as it is.
 */
export type AppEvent =
  /** A new post on a timeline; `tagged` members are told they were tagged, the others that it exists. */
  | { type: 'post.created'; team_id: number; actor_id: number; post: PostDto; tagged: number[] }
  /** A copy of a post shared into `team_id`; its original author hears of it. */
  | {
      type: 'post.shared';
      team_id: number;
      actor_id: number;
      post: PostDto;
      original_author_id: number;
      original_team_id: number;
    }
  /** A post's words changed (an edited published topic), as seen by someone who has not reacted. */
  | { type: 'post.updated'; team_id: number; post: PostDto }
  | { type: 'post.deleted'; team_id: number; post_id: number }
  /** A lead asked for a check-in: its post, and every other member is asked. */
  | { type: 'checkin.requested'; team_id: number; actor_id: number; post: PostDto }
  /** A check-in was answered: a public answer's post (null for a private one); the initiator is told. */
  | {
      type: 'checkin.answered';
      team_id: number;
      actor_id: number;
      checkin_id: number;
      initiator_id: number;
      post: PostDto | null;
    }
  /** A topic became its day's post. */
  | { type: 'topic.published'; team_id: number; actor_id: number; post: PostDto }
  /** Someone reacted, cleared a reaction or commented: the object's shared counts now. */
  | {
      type: 'engagement.changed';
      team_id: number;
      actor_id: number;
      subject: EventSubject;
      what: 'reaction' | 'cleared' | 'comment';
      engagement: SharedEngagement;
    }
  /**
   * A team video or slideshow (`prompt_id`, post `post_id`, asked by `owner_id`) changed: a member
   * answered, the owner hid or showed an answer, published it, or reminded member `user_id`.
   */
  | {
      type: 'prompt.changed';
      team_id: number;
      actor_id: number;
      post_id: number;
      prompt_id: number;
      owner_id: number;
      what: 'responded' | 'hidden' | 'shown' | 'published' | 'reminded';
      user_id?: number;
    }
  /** A list was created (`list_id` null), or a task of one deleted. */
  | { type: 'todo.changed'; team_id: number; list_id: number | null }
  /** A task was added; the members it tags are told. */
  | { type: 'task.created'; team_id: number; list_id: number; actor_id: number; tagged: number[] }
  /** A task was marked as done; its creator and tagged members are told. */
  | { type: 'task.completed'; team_id: number; list_id: number; actor_id: number; recipients: number[] }
  /** Invitations to `team_id` went to these addresses; those with an account are told. */
  | { type: 'invitation.sent'; team_id: number; actor_id: number; emails: string[] }
  /** `user_id` joined `team_id` with an invitation of `inviter_id`. */
  | { type: 'member.joined'; team_id: number; user_id: number; inviter_id: number }
  /** `actor_id` made `user_id` a member of another role. */
  | { type: 'role.changed'; team_id: number; actor_id: number; user_id: number; role_id: number }
  /** The owner deleted (or restored) an engagement: each of these members' screens follow. */
  | { type: 'team.deleted' | 'team.restored'; team_id: number; user_ids: number[] }
  /** An engagement was created; its owner's team list shows it. */
  | { type: 'team.created'; team_id: number; user_id: number }
  /** What a team card shows of the engagement changed (name, picture, level, a published topic's words). */
  | { type: 'team.updated'; team_id: number; actor_id: number }
  /** `user_id` marked `team_id`'s welcome message read or unread: their own card shows it. */
  | { type: 'welcome.read'; team_id: number; user_id: number }
  /** `user_id` left `team_id` or was removed from it. */
  | { type: 'member.left'; team_id: number; user_id: number }
  /** What others see of a user changed (name, avatar, e-mail): kept sessions and team cards carry it. */
  | { type: 'user.updated'; team_id: null; user_id: number }
  /** One or every session of a user ended (logout, password change or reset, e-mail change): no kept session of theirs may answer. */
  | { type: 'session.ended'; team_id: null; user_id: number }
  /** A user's plan began, changed or lapsed: the teams they own show it. */
  | { type: 'subscription.changed'; team_id: null; user_id: number }
  /**
   * An attached video or audio file finished converting, or failed (ADR 0027): members refetch
   * what shows it, the post it is on (its own media, or one of its comments') or null.
   */
  | { type: 'media.ready'; team_id: number; post_id: number | null }
  /**
   * A team `user_id` leads became flagged for `cause` in their portfolio (issue 26): they are told,
   * once until the cause clears (the portfolio's attention job).
   */
  | { type: 'team.attention'; team_id: number; user_id: number; cause: AttentionCause }
  /** A notification was stored (by the notifications consumer): its recipient's sockets show it. */
  | { type: 'notification.created'; team_id: number | null; user_id: number; notification: NotificationDto };

export type AppEventType = AppEvent['type'];

/**
 * Events only the kept reads listen to (sessions, team cards: the event tail's listeners, ADR
 * 0026); no consumer of the dispatcher hands them on.
 */
const FOR_KEPT_READS = new Set([
  'team.created',
  'team.updated',
  'user.updated',
  'session.ended',
  'subscription.changed',
  'welcome.read',
] as const);
type KeptReadEvent = Extract<AppEvent, { type: typeof FOR_KEPT_READS extends Set<infer T> ? T : never }>;

export const forKeptReadsOnly = (event: AppEvent): event is KeptReadEvent =>
  (FOR_KEPT_READS as ReadonlySet<string>).has(event.type);

/** An event as read back from the log. */
export interface LoggedEvent {
  id: number;
  created_at: string;
  event: AppEvent;
}
