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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification (spec §3): `data.avatar`, `data.message`, `data.team_name`; `data.url` opens what it is about. */
export const notificationDto = z.object({
  id: z.number().int(),
  kind: z.string(),
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
