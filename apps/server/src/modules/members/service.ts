import type { Kysely } from 'kysely';
import type { MemberDto } from '@rally/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { presentMember, type AvatarUrl } from './presenter.js';
import { recordEvent, transact } from '../../events/log.js';
import type { MembersRepository } from './repository.js';
import type { TeamAccess } from './team-access.js';

export class MembersService {
  constructor(
    /** The database (the service opens its transactions on it). */
    private readonly db: Kysely<Database>,
    private readonly members: MembersRepository,
    private readonly access: TeamAccess,
    /** Users' avatars are stored keys; the app passes `uploads.urlOf`. */
    private readonly avatarUrl: AvatarUrl = () => null,
  ) {}

  async list(userId: number, teamId: number): Promise<MemberDto[]> {
    const viewer = await this.access.viewer(userId, teamId);
    const withEmail = this.access.seesEmails(viewer);
    return (await this.members.list(teamId)).map((m) => presentMember(m, this.avatarUrl, withEmail));
  }

  /** Member ↔ Admin; the Super Admin's role never changes (spec §4, §6). */
  async changeRole(userId: number, teamId: number, targetId: number, roleId: number): Promise<MemberDto> {
    const viewer = await this.access.viewer(userId, teamId);
    await this.access.member(viewer, 'member.changeRole', targetId);
    await transact(this.db, async (trx) => {
      await this.members.setRole(teamId, targetId, roleId, trx);
      await recordEvent(trx, {
        type: 'role.changed',
        team_id: teamId,
        actor_id: userId,
        user_id: targetId,
        role_id: roleId,
      });
    });
    const [updated] = await this.members.list(teamId, targetId);
    // Removed at the same moment: nothing left to present.
    if (!updated) throw notFound();
    return presentMember(updated, this.avatarUrl, this.access.seesEmails(viewer));
  }

  /** Leads remove others; anyone but the Super Admin may leave (remove themselves). */
  async remove(userId: number, teamId: number, targetId: number): Promise<void> {
    const viewer = await this.access.viewer(userId, teamId);
    await this.access.member(viewer, 'member.remove', targetId);
    await transact(this.db, async (trx) => {
      if (await this.members.remove(teamId, targetId, trx))
        await recordEvent(trx, { type: 'member.left', team_id: teamId, user_id: targetId });
    });
  }
}
