import { LEAD_ROLES, Role } from '@rally/contract';
import { forbidden, notFound } from '../../http/errors.js';
import type { TeamsRepository } from './repository.js';

export interface Membership {
  team_id: number;
  user_id: number;
  role_id: number;
}

/** Spec §6 as predicates, so services and tests read the same rules. */
export const canLead = (role: number) => LEAD_ROLES.includes(role);
export const isOwner = (role: number) => role === Role.Owner;

/** The viewer's membership of a team; a team they are not in does not exist for them (404). */
export async function requireMembership(repo: TeamsRepository, teamId: number, userId: number): Promise<Membership> {
  const m = await repo.member(teamId, userId);
  if (!m) throw notFound();
  return m;
}

/** Membership with a lead role (2 or 3), else 403. */
export async function requireLead(repo: TeamsRepository, teamId: number, userId: number): Promise<Membership> {
  const m = await requireMembership(repo, teamId, userId);
  if (!canLead(m.role_id)) throw forbidden();
  return m;
}
