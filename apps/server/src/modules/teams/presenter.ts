import type { MemberDto, TeamDto, TeamProfileDto } from '@rally/contract';
import type { TeamRow } from '../../db/schema.js';
import { levelById } from './levels.js';
import type { MemberRow, TeamView } from './repository.js';

export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** A member as the API shows it; the e-mail only to the team's leads (roles 2 and 3). */
export function presentMember(row: MemberRow, withEmail = false): MemberDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row),
    avatar: row.avatar,
    ...(withEmail ? { email: row.email } : {}),
    role_id: row.role_id,
  };
}

/** A personal team stays active; any other is active while its coach has the Coach plan. */
export const teamStatus = (team: Pick<TeamView, 'is_personal' | 'owner_is_coach'>): 'active' | 'inactive' =>
  team.is_personal === 1 || team.owner_is_coach === 1 ? 'active' : 'inactive';

export function presentTeam(team: TeamView, preview: MemberRow[], count: number): TeamDto {
  const users = preview.map((m) => presentMember(m));
  return {
    id: team.id,
    name: team.name,
    avatar: team.avatar,
    status: teamStatus(team),
    role_id: team.role_id,
    is_personal: team.is_personal === 1,
    manager: {
      id: team.owner_id,
      full_name: fullName({ first_name: team.owner_first_name, last_name: team.owner_last_name }),
      avatar: team.owner_avatar,
    },
    users,
    members: users,
    users_count: count,
    latest_topic: null,
    read_welcome_message: team.read_welcome_message === 1,
    profile: { name: team.name, avatar: team.avatar, level_of_engagement: { id: team.level_of_engagement_id } },
    created_at: team.created_at,
  };
}

export const presentTeamProfile = (team: TeamRow): TeamProfileDto => ({
  id: team.id,
  name: team.name,
  avatar: team.avatar,
  level_of_engagement: levelById(team.level_of_engagement_id),
});
