import { isCoach, type DeletedTeamDto, type FirstStepsDto, type TeamDto, type TeamProfileDto } from '@rally/contract';
import type { TeamRow } from '../../db/schema.js';
import { presentCoachFacts } from '../billing/presenter.js';
import { fullName, presentMember } from '../members/presenter.js';
import { levelById } from './levels.js';
import type { TeamView, TeamWithOwner } from './repository.js';

/**
 * A personal team stays active; any other is active while its owner holds the Coach plan, by the
 * contract's `isCoach`: an ended trial counts at once, before the expiry job has run.
 */
export function teamStatus(team: TeamWithOwner, now: Date = new Date()): 'active' | 'inactive' {
  const ownerFacts = presentCoachFacts({
    plan: team.owner_plan,
    stripe_status: team.owner_stripe_status,
    trial_ends_at: team.owner_trial_ends_at,
    has_payment_method: team.owner_has_payment_method,
  });
  return team.is_personal === 1 || isCoach(ownerFacts, now) ? 'active' : 'inactive';
}

/** Turns a stored key into a signed, expiring URL (`UploadsService.urlOf`). */
export type FileUrl = (key: string | null) => string | null;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A deleted engagement in its owner's list: restorable for `windowMs` after it was deleted. */
export function presentDeletedTeam(
  team: Pick<TeamRow, 'id' | 'name' | 'avatar' | 'is_personal' | 'deleted_at'>,
  fileUrl: FileUrl,
  windowMs: number,
  now: Date = new Date(),
): DeletedTeamDto {
  const until = Date.parse(team.deleted_at!) + windowMs;
  return {
    id: team.id,
    name: team.name,
    avatar: fileUrl(team.avatar),
    is_personal: team.is_personal === 1,
    deleted_at: team.deleted_at!,
    restorable_until: new Date(until).toISOString(),
    days_left: Math.max(1, Math.ceil((until - now.getTime()) / DAY_MS)),
  };
}

export function presentTeam(team: TeamView, fileUrl: FileUrl, now: Date = new Date()): TeamDto {
  const avatar = fileUrl(team.avatar);
  const users = team.preview.map((m) => presentMember(m, fileUrl));
  return {
    id: team.id,
    name: team.name,
    avatar,
    status: teamStatus(team, now),
    role_id: team.role_id,
    is_personal: team.is_personal === 1,
    manager: {
      id: team.owner_id,
      full_name: fullName({ first_name: team.owner_first_name, last_name: team.owner_last_name }),
      avatar: fileUrl(team.owner_avatar),
    },
    users,
    members: users,
    users_count: Number(team.members_count),
    latest_topic: team.latest_topic === null ? null : { content: team.latest_topic },
    read_welcome_message: team.read_welcome_message === 1,
    profile: { name: team.name, avatar, level_of_engagement: { id: team.level_of_engagement_id } },
    created_at: team.created_at,
  };
}

export const presentTeamProfile = (
  team: TeamRow,
  fileUrl: FileUrl,
  firstSteps: FirstStepsDto | null,
): TeamProfileDto => ({
  id: team.id,
  name: team.name,
  avatar: fileUrl(team.avatar),
  level_of_engagement: levelById(team.level_of_engagement_id),
  first_steps: firstSteps,
});
