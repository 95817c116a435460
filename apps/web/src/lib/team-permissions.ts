import { LEAD_ROLES, Role } from '@rally/contract';

/** Spec §6 as predicates on the viewer's team role, shared by the team screens. */

/** Roles 2 and 3 lead a team: edit its name and picture, delete it, manage members. */
export const leadsTeam = (role: number) => LEAD_ROLES.includes(role);

/** Only the Super Admin changes the Level of Engagement (everyone may view it). */
export const canChangeLevel = (role: number) => role === Role.Owner;

/** Delete Coaching is hidden for role 4. */
export const canDeleteTeam = (role: number) => role !== Role.Member;

/** Invite Members on a team card: a Coach (Premium, active or trialing) with role 2 or 3. */
export const canInviteFromCard = (coach: boolean, role: number) => coach && leadsTeam(role);

/** Invite Members in the team workspace's sidebar: a Coach with role 2. */
export const canInviteFromSidebar = (coach: boolean, role: number) => coach && role === Role.Owner;

export const roleLabel = (role: number): string =>
  role === Role.Owner ? 'Super Admin' : role === Role.Admin ? 'Admin' : 'Member';
