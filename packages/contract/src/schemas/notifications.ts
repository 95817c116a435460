import { z } from 'zod';
import { Messages } from '../messages.js';
import { ProfileMessages } from '../profile-messages.js';
import { idParam, pageQuery, textField } from './common.js';

/** What a notification is about (spec §1): one kind per event that exists. */
export const NOTIFICATION_KINDS = [
  'invitation.received',
  'invitation.accepted',
  'member.joined',
  'member.role_changed',
  'post.reaction',
  'post.comment',
  'post.shared',
  'post.tagged',
  'post.created',
  'topic.published',
  'checkin.requested',
  'checkin.answered',
  'task.tagged',
  'task.completed',
  'prompt.reminder',
  'prompt.published',
  'prompt.responded',
  'team.needs_attention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification is about, by kind: the id in `object` is one of these (a role: its role_id). */
export const NOTIFICATION_OBJECT_KINDS = ['team', 'post', 'checkin', 'todo_list', 'role', 'attention'] as const;
export type NotificationObjectKind = (typeof NOTIFICATION_OBJECT_KINDS)[number];

/** The object of each kind of notification. */
export const NOTIFICATION_OBJECTS: Record<NotificationKind, NotificationObjectKind> = {
  'invitation.received': 'team',
  'invitation.accepted': 'team',
  'member.joined': 'team',
  'member.role_changed': 'role',
  'post.reaction': 'post',
  'post.comment': 'post',
  // The team the post was shared into.
  'post.shared': 'team',
  'post.tagged': 'post',
  'post.created': 'post',
  'topic.published': 'post',
  'checkin.requested': 'post',
  'checkin.answered': 'checkin',
  'task.tagged': 'todo_list',
  'task.completed': 'todo_list',
  // The prompt's timeline post.
  'prompt.reminder': 'post',
  'prompt.published': 'post',
  'prompt.responded': 'post',
  // The cause (`attentionCauseId`); the team is the notification's team, the actor its recipient.
  'team.needs_attention': 'attention',
};

/**
 * One notification (spec §3). The structured facts — who did it (`actor`), in which team
 * (`team`), about what (`object`) — are what clients read; the sentence is built from them by
 * `notificationSentence` (notification-messages.ts), never parsed. `data` keeps the spec's shape:
 * `data.avatar`, `data.message` (the same sentence, for older clients), `data.team_name`, and
 * `data.url`, which opens what it is about.
 */
export const notificationDto = z.object({
  id: z.number().int(),
  kind: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  object: z.object({ kind: z.enum(NOTIFICATION_OBJECT_KINDS), id: z.number().int() }).nullable(),
  data: z.object({
    avatar: z.string().nullable(),
    message: z.string(),
    team_name: z.string().nullable(),
    url: z.string().optional(),
  }),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

/** `GET user/notifications?team_id&page`: the whole list or one team's. */
export const notificationsQuery = pageQuery.extend({ team_id: idParam.optional() });

export const notificationsCountDto = z.object({ notifications_count: z.number().int() });
export type NotificationsCountDto = z.infer<typeof notificationsCountDto>;

/** The device OS id of a browser (spec §3: fixed at 3); the token is the PushSubscription's JSON. */
export const DEVICE_OS_WEB = 3;

export const registerDeviceTokenSchema = z.object({
  device_id: textField('line', Messages.fieldRequired).min(1, Messages.fieldRequired).max(255),
  device_token: textField('line', ProfileMessages.pushNotSupported).min(1, ProfileMessages.pushNotSupported).max(4096),
  device_os_id: z.coerce.number({ error: ProfileMessages.pushNotSupported }).refine((v) => v === DEVICE_OS_WEB, {
    error: ProfileMessages.pushNotSupported,
  }),
});
export type RegisterDeviceTokenData = z.output<typeof registerDeviceTokenSchema>;

/** The VAPID public key the browser subscribes with (null: push is not configured here). */
export const pushPublicKeyDto = z.object({ public_key: z.string().nullable() });

/** A member's push switch for one team. */
export const teamPushSchema = z.object({
  enabled: z
    .union([
      z.boolean(),
      z.literal(0),
      z.literal(1),
      z.literal('0'),
      z.literal('1'),
      z.literal('true'),
      z.literal('false'),
    ])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
});
export const teamPushDto = z.object({ team_id: z.number().int(), enabled: z.boolean() });
