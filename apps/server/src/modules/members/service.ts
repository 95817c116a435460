import { Messages, Role, type MemberDto } from '@rally/contract';
import { forbidden, notFound } from '../../http/errors.js';
import { canLead, isOwner, requireMembership } from '../teams/policy.js';
import { presentMember } from '../teams/presenter.js';
import type { TeamsRepository } from '../teams/repository.js';

export class MembersService {
  constructor(private readonly repo: TeamsRepository) {}

  async list(userId: number, teamId: number): Promise<MemberDto[]> {
    const me = await requireMembership(this.repo, teamId, userId);
    return (await this.repo.members(teamId)).map((m) => presentMember(m, canLead(me.role_id)));
  }

  /** Member ↔ Admin by roles 2 and 3; the Super Admin's role never changes (spec §4, §6). */
  async changeRole(userId: number, teamId: number, targetId: number, roleId: number): Promise<MemberDto> {
    const me = await requireMembership(this.repo, teamId, userId);
    if (!canLead(me.role_id)) throw forbidden();
    const target = await this.repo.member(teamId, targetId);
    if (!target) throw notFound();
    if (isOwner(target.role_id)) throw forbidden(Messages.ownerRoleFixed, 'owner_role_fixed');
    await this.repo.setRole(teamId, targetId, roleId);
    const updated = (await this.repo.members(teamId)).find((m) => m.id === targetId);
    // Removed at the same moment: nothing left to present.
    if (!updated) throw notFound();
    return presentMember(updated, true);
  }

  /** Roles 2 and 3 remove others; anyone but the Super Admin may leave (remove themselves). */
  async remove(userId: number, teamId: number, targetId: number): Promise<void> {
    const me = await requireMembership(this.repo, teamId, userId);
    if (targetId !== userId && !canLead(me.role_id)) throw forbidden();
    const target = await this.repo.member(teamId, targetId);
    if (!target) throw notFound();
    if (target.role_id === Role.Owner) throw forbidden(Messages.ownerCannotBeRemoved, 'owner_cannot_be_removed');
    await this.repo.removeMember(teamId, targetId);
  }
}
