import { z } from 'zod';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { MAX_ID, emailField, idParam, textField } from './common.js';

/** Engagement names and join codes: letters, digits and whitespace only (spec §5). */
const LETTERS_DIGITS_SPACES = /^[\p{L}\p{N}\s]+$/u;

export const teamNameField = textField('line', Messages.teamNameRequired)
  .min(1, { error: Messages.teamNameRequired, abort: true })
  .max(Limits.teamNameMax, Messages.teamNameTooLong)
  .regex(LETTERS_DIGITS_SPACES, Messages.lettersDigitsSpaces);

export const createTeamSchema = z.object({ name: teamNameField });
export type CreateTeamInput = z.input<typeof createTeamSchema>;
export type CreateTeamData = z.output<typeof createTeamSchema>;

export const joinTeamSchema = z.object({
  invitation_code: textField('line', Messages.joinCodeRequired)
    .min(1, { error: Messages.joinCodeRequired, abort: true })
    .max(64, Messages.joinCodeInvalid)
    .regex(LETTERS_DIGITS_SPACES, Messages.lettersDigitsSpaces),
});
export type JoinTeamInput = z.input<typeof joinTeamSchema>;
export type JoinTeamData = z.output<typeof joinTeamSchema>;

export const rejectInvitationSchema = z.object({
  invitation_code: textField('line', Messages.joinCodeRequired)
    .min(1, { error: Messages.joinCodeRequired, abort: true })
    .max(64, Messages.joinCodeInvalid)
    .regex(LETTERS_DIGITS_SPACES, Messages.joinCodeInvalid),
  reject_reason: textField('lines').max(255).optional(),
});
export type RejectInvitationData = z.output<typeof rejectInvitationSchema>;

/** Invite: each e-mail valid and required; duplicates silently ignored (spec §5). */
export const inviteSchema = z.object({
  emails: z
    .array(emailField, { error: Messages.inviteEmpty })
    .min(1, Messages.inviteEmpty)
    .max(Limits.inviteEmailsMax, Messages.inviteTooMany)
    .transform((list) => [...new Set(list)]),
});
export type InviteInput = z.input<typeof inviteSchema>;
export type InviteData = z.output<typeof inviteSchema>;

export const changeRoleSchema = z.object({
  user_id: z.coerce.number({ error: 'user_id is required.' }).int().positive().max(MAX_ID),
  role_id: z
    .union([z.literal(3), z.literal(4), z.literal('3'), z.literal('4')], { error: Messages.roleInvalid })
    .transform(Number),
});
export type ChangeRoleData = z.output<typeof changeRoleSchema>;

export const levelOfEngagementSchema = z.object({
  level_of_engagement_id: z.coerce
    .number({ error: Messages.levelInvalid })
    .int()
    .min(1, Messages.levelInvalid)
    .max(4, Messages.levelInvalid),
});

export const readWelcomeSchema = z.object({
  is_read: z
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

export const teamsQuerySchema = z.object({ team_id: z.coerce.number().int().positive().max(MAX_ID).optional() });

/** Team name update is part of the multipart team profile form. */
export const teamProfileSchema = z.object({ name: teamNameField.optional() });

/** Path parameters of a team call: `user/team/:id/...`. */
export const teamParams = z.object({ id: idParam });
/** Path parameters of a call on one member of a team: `user/team/:id/member/:userId`. */
export const teamMemberParams = z.object({ id: idParam, userId: idParam });

const userRef = z.object({ id: z.number().int(), full_name: z.string(), avatar: z.string().nullable() });

export const memberDto = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  /** Shown only to the team's leads (roles 2 and 3). */
  email: z.string().optional(),
  role_id: z.number().int(),
});
export type MemberDto = z.infer<typeof memberDto>;

export const levelOfEngagementDto = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  media: z.string(),
});
export type LevelOfEngagementDto = z.infer<typeof levelOfEngagementDto>;

export const teamDto = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  /** The current user's role in this team. */
  role_id: z.number().int(),
  is_personal: z.boolean(),
  manager: userRef,
  /** The first members (owner first) for avatar stacks; the full list is at /members. */
  users: z.array(memberDto),
  members: z.array(memberDto),
  users_count: z.number().int(),
  latest_topic: z.object({ content: z.string() }).nullable(),
  read_welcome_message: z.boolean(),
  profile: z.object({
    name: z.string(),
    avatar: z.string().nullable(),
    level_of_engagement: z.object({ id: z.number().int() }),
  }),
  created_at: z.string(),
});
export type TeamDto = z.infer<typeof teamDto>;

/** An engagement its owner deleted, restorable until `restorable_until` (ADR 0019). */
export const deletedTeamDto = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  is_personal: z.boolean(),
  deleted_at: z.string(),
  restorable_until: z.string(),
  /** Whole days left to restore it, counted up (the last day is 1). */
  days_left: z.number().int(),
});
export type DeletedTeamDto = z.infer<typeof deletedTeamDto>;

/**
 * A new engagement's first steps as its owner has come to them (ADR 0032): someone else is in the
 * team or invited to it; the owner has posted (the team's automatic welcome post and check-ins
 * aside); a check-in was requested.
 */
export const firstStepsDto = z.object({
  invited: z.boolean(),
  posted: z.boolean(),
  checkin_requested: z.boolean(),
});
export type FirstStepsDto = z.infer<typeof firstStepsDto>;

export const teamProfileDto = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  level_of_engagement: levelOfEngagementDto,
  /** The owner's first steps (role 2 only); null for everyone else. */
  first_steps: firstStepsDto.nullable(),
});
export type TeamProfileDto = z.infer<typeof teamProfileDto>;

export const invitationDto = z.object({
  id: z.number().int(),
  invitation_code: z.string(),
  invitor: userRef,
  team: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }),
  created_at: z.string(),
});
export type InvitationDto = z.infer<typeof invitationDto>;

export const inviteResultDto = z.object({ invited: z.array(z.string()), already_members: z.array(z.string()) });
export type InviteResultDto = z.infer<typeof inviteResultDto>;

export const readWelcomeDto = z.object({ read_welcome_message: z.boolean() });
