/** Identifier tables of spec §3 as decided in decisions.md. */

export const API_VERSION = '1.3';

export const Role = { Owner: 2, Admin: 3, Member: 4 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const PostType = {
  text: 1,
  welcomemessage: 2,
  topic: 3,
  checkin: 4,
  'checkin.reply': 5,
  teamvideo: 6,
  watercooler: 7,
  celebration: 8,
  brightidea: 9,
  todo: 10,
  slideshow: 11,
} as const;
export type PostTypeName = keyof typeof PostType;

export const MediaType = { text: 1, photo: 2, video: 3, audio: 4 } as const;
export type MediaTypeName = keyof typeof MediaType;

export const TaskStatus = { Incomplete: 1, Completed: 2 } as const;

export const MoodGroup = { Moods: 1, Buzz: 2 } as const;

export const DEVICE_OS_ID = 3;

/** Subscription plans (spec §1, §3). */
export const PlanName = { Free: 'Free', Premium: 'Premium' } as const;
export const PlanLabel = { Free: 'Member', Premium: 'Coach' } as const;
/** action_performed_by = 2: the system moved the user to the Member plan. */
export const ACTION_BY_SYSTEM = 2;
/** subscription_service = 3: the card provider. */
export const SUBSCRIPTION_SERVICE_CARD = 3;

/**
 * Post types that are not the owner's own words for the 'posted' step: the welcome the team was
 * created with, check-in requests and answers. One list for the server's answer and the web's tick.
 */
export const FIRST_STEPS_NOT_A_POST: readonly number[] = [
  PostType.welcomemessage,
  PostType.checkin,
  PostType['checkin.reply'],
];
