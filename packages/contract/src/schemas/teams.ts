import { z } from 'zod';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { MAX_ID, emailField, noControlChars } from './common.js';

/** Engagement names and join codes: letters, digits and whitespace only (spec §5). */
const LETTERS_DIGITS_SPACES = /^[\p{L}\p{N}\s]+$/u;

export const teamNameField = z
  .string({ error: Messages.teamNameRequired })
  .trim()
  .min(1, { error: Messages.teamNameRequired, abort: true })
  .max(Limits.teamNameMax, Messages.teamNameTooLong)
  .regex(LETTERS_DIGITS_SPACES, Messages.lettersDigitsSpaces);

export const createTeamSchema = z.object({ name: teamNameField });
export type CreateTeamInput = z.input<typeof createTeamSchema>;
export type CreateTeamData = z.output<typeof createTeamSchema>;

export const joinTeamSchema = z.object({
  invitation_code: z
    .string({ error: Messages.joinCodeRequired })
    .trim()
    .min(1, { error: Messages.joinCodeRequired, abort: true })
    .max(64, Messages.joinCodeInvalid)
    .regex(LETTERS_DIGITS_SPACES, Messages.lettersDigitsSpaces),
});
export type JoinTeamInput = z.input<typeof joinTeamSchema>;
export type JoinTeamData = z.output<typeof joinTeamSchema>;

export const rejectInvitationSchema = z.object({
  invitation_code: z
    .string({ error: Messages.joinCodeRequired })
    .trim()
    .min(1, { error: Messages.joinCodeRequired, abort: true })
    .max(64, Messages.joinCodeInvalid)
    .regex(LETTERS_DIGITS_SPACES, Messages.joinCodeInvalid),
  reject_reason: z.string().trim().max(255).refine(noControlChars, Messages.controlCharacters).optional(),
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

export interface MemberDto {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  avatar: string | null;
  email?: string;
  role_id: number;
}

export interface LevelOfEngagementDto {
  id: number;
  name: string;
  description: string;
  media: string;
}

export interface TeamDto {
  id: number;
  name: string;
  avatar: string | null;
  status: 'active' | 'inactive';
  /** The current user's role in this team. */
  role_id: number;
  is_personal: boolean;
  manager: { id: number; full_name: string; avatar: string | null };
  /** The first members (owner first) for avatar stacks; the full list is at /members. */
  users: MemberDto[];
  members: MemberDto[];
  users_count: number;
  latest_topic: { content: string } | null;
  read_welcome_message: boolean;
  profile: { name: string; avatar: string | null; level_of_engagement: { id: number } };
  created_at: string;
}

export interface TeamProfileDto {
  id: number;
  name: string;
  avatar: string | null;
  level_of_engagement: LevelOfEngagementDto;
}

export interface InvitationDto {
  id: number;
  invitation_code: string;
  invitor: { id: number; full_name: string; avatar: string | null };
  team: { id: number; name: string; avatar: string | null };
  created_at: string;
}

export interface InviteResultDto {
  invited: string[];
  already_members: string[];
}
