import { randomInt } from 'node:crypto';
import { Messages, Role, type InvitationDto, type InviteResultDto } from '@rally/contract';
import type { Principal } from '../../http/authenticate.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { BillingService } from '../billing/service.js';
import type { Mailer } from '../mail/mailer.js';
import { requireLead } from '../teams/policy.js';
import { fullName, teamStatus } from '../teams/presenter.js';
import type { TeamsRepository } from '../teams/repository.js';
import type { TeamsService } from '../teams/service.js';
import { invitationMail } from './mails.js';
import type { InvitationsRepository, PendingInvitationRow } from './repository.js';

/** Letters and digits only, as join codes must be (spec §5); 12 of 32 symbols ≈ 60 bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInvitationCode = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const invalidCode = () =>
  new AppError(422, 'invalid_invitation_code', Messages.joinCodeInvalid, {
    invitation_code: [Messages.joinCodeInvalid],
  });

export const presentInvitation = (r: PendingInvitationRow): InvitationDto => ({
  id: r.id,
  invitation_code: r.code,
  invitor: {
    id: r.invitor_id,
    full_name: fullName({ first_name: r.invitor_first_name, last_name: r.invitor_last_name }),
    avatar: r.invitor_avatar,
  },
  team: { id: r.team_id, name: r.team_name, avatar: r.team_avatar },
  created_at: r.created_at,
});

export interface InvitationsDeps {
  repo: InvitationsRepository;
  teamsRepo: TeamsRepository;
  teams: TeamsService;
  billing: BillingService;
  mailer: Mailer;
  publicUrl: string;
}

export class InvitationsService {
  constructor(private readonly deps: InvitationsDeps) {}

  /**
   * Roles 2 and 3 with the Coach plan invite by e-mail. Members already in the team are skipped;
   * a second invite to the same person re-sends the same code.
   */
  async invite(user: Principal, teamId: number, emails: string[]): Promise<InviteResultDto> {
    const { repo, teamsRepo, billing, mailer, publicUrl } = this.deps;
    await requireLead(teamsRepo, teamId, user.id);
    if (!(await billing.isCoach(user.id))) throw forbidden(Messages.needCoachPlan, 'coach_plan_required');
    const [view] = await teamsRepo.teamsOf(user.id, teamId);
    // A lapsed coach's team is read-only for newcomers until the coach pays again.
    if (!view || teamStatus(view) === 'inactive') throw forbidden(Messages.teamInactive, 'team_inactive');
    const team = await teamsRepo.findTeam(teamId);
    if (!team) throw notFound();
    const members = await repo.memberEmails(teamId, emails);
    const invited = emails.filter((e) => !members.has(e));
    // Find-or-create under the team's lock: two invites at the same moment make one invitation.
    const codes = await teamsRepo.transaction(async (trx) => {
      await teamsRepo.lockTeam(trx, teamId);
      const pending = await repo.pendingCodes(teamId, invited, trx);
      const fresh = invited.filter((e) => !pending.has(e)).map((email) => ({ email, code: newInvitationCode() }));
      await repo.createMany(teamId, user.id, fresh, trx);
      for (const f of fresh) pending.set(f.email, f.code);
      return pending;
    });
    const accounts = await repo.existingAccounts(invited);
    for (const email of invited) {
      const code = codes.get(email)!;
      await mailer.send(
        invitationMail({
          to: email,
          inviter: fullName(user),
          team: team.name,
          code,
          publicUrl,
          hasAccount: accounts.has(email),
        }),
      );
    }
    return { invited, already_members: emails.filter((e) => members.has(e)) };
  }

  async pending(user: Principal, page: number, perPage: number): Promise<{ items: InvitationDto[]; total: number }> {
    const [total, rows] = await Promise.all([
      this.deps.repo.countPendingFor(user.email),
      this.deps.repo.pagePendingFor(user.email, (page - 1) * perPage, perPage),
    ]);
    return { items: rows.map(presentInvitation), total };
  }

  /** Joins with a pending code sent to this user's e-mail; never twice, never with a used or foreign code. */
  async join(user: Principal, code: string) {
    const { repo, teamsRepo, teams } = this.deps;
    const invitation = await repo.findPendingByCodeFor(code.toUpperCase(), user.email);
    if (!invitation) throw invalidCode();
    const joined = await teamsRepo.transaction(async (trx) => {
      if (!(await repo.respond(invitation.id, 'accepted', null, trx))) throw invalidCode();
      if (await teamsRepo.member(invitation.team_id, user.id, trx)) return false;
      await teamsRepo.addMember(invitation.team_id, user.id, Role.Member, trx);
      return true;
    });
    if (!joined) throw conflict(Messages.alreadyMember, 'already_member');
    return teams.get(user.id, invitation.team_id);
  }

  async reject(user: Principal, code: string, reason: string | undefined): Promise<void> {
    const invitation = await this.deps.repo.findPendingByCodeFor(code.toUpperCase(), user.email);
    if (!invitation || !(await this.deps.repo.respond(invitation.id, 'rejected', reason ?? null))) throw invalidCode();
  }
}
