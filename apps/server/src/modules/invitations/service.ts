import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { Messages, Role, type InvitationDto, type InviteResultDto } from '@rally/contract';
import type { Principal } from '../../http/authenticate.js';
import { AppError, conflict, forbidden } from '../../http/errors.js';
import { DAY, isoAfter, nowIso } from '../../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import { fullName } from '../members/presenter.js';
import type { MembersRepository } from '../members/repository.js';
import type { TeamAccess } from '../members/team-access.js';
import { recordEvent, transact } from '../../events/log.js';
import type { TeamsService } from '../teams/service.js';
import type { InviteCap } from './invite-cap.js';
import { invitationMail } from './mails.js';
import { presentInvitation } from './presenter.js';
import type { InvitationsRepository } from './repository.js';

/** Letters and digits only, as join codes must be (spec §5); 12 of 32 symbols ≈ 60 bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInvitationCode = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const invalidCode = () =>
  new AppError(422, 'invalid_invitation_code', Messages.joinCodeInvalid, {
    invitation_code: [Messages.joinCodeInvalid],
  });

/**
 * The address invitations are matched to: the account's e-mail once proven (decisions.md). An
 * unverified account sees none and joins with none; a new address waiting for its code is not the
 * account's e-mail yet, so nothing sent to it shows.
 */
const verifiedEmail = (user: Principal): string | undefined => (user.email_verified_at ? user.email : undefined);

export interface InvitationsDeps {
  /** The database (the service opens its transactions on it). */
  db: Kysely<Database>;
  repo: InvitationsRepository;
  members: MembersRepository;
  access: TeamAccess;
  teams: TeamsService;
  mailer: Mailer;
  publicUrl: string;
  /** The inviter's hourly and daily allowance of invitation mails (none: no cap). */
  cap?: InviteCap | undefined;
  /** Tells the invitee (with an account), the inviter and the team's leads. */
}

export class InvitationsService {
  constructor(private readonly deps: InvitationsDeps) {}

  /**
   * Invites by e-mail (who may: the permission table). Members already in the team are skipped;
   * a second invite to the same person keeps the same code, and mails it again only when its
   * last mail is a day old (ADR 0021). The mails count against the inviter's hourly and daily
   * allowance: all of them or, with a 429, none and no new invitation.
   */
  async invite(user: Principal, teamId: number, emails: string[]): Promise<InviteResultDto> {
    const { repo, members, access, teams, mailer, publicUrl, cap } = this.deps;
    await access.require(user.id, teamId, 'team.invite');
    // A lapsed coach's team is read-only for newcomers until the coach pays again.
    const team = await teams.activeTeam(teamId);
    if (!team) throw forbidden(Messages.teamInactive, 'team_inactive');
    const already = await members.emailsIn(teamId, emails);
    const invited = emails.filter((e) => !already.has(e));
    const accounts = await repo.existingAccounts(invited);
    let taken = 0;
    try {
      await transact(this.deps.db, async (trx) => {
        await repo.lockTeam(teamId, trx);
        const pending = await repo.pendingOf(teamId, invited, trx);
        const now = nowIso();
        const mailedBefore = isoAfter(-DAY);
        const fresh = invited.filter((e) => !pending.has(e)).map((email) => ({ email, code: newInvitationCode() }));
        const due = [...pending.values()].filter((p) => !p.last_mailed_at || p.last_mailed_at <= mailedBefore);
        const toMail = [...fresh, ...due];
        await cap?.take(user.id, toMail.length);
        taken = toMail.length;
        await repo.createMany(teamId, user.id, fresh, trx);
        await repo.markMailed(
          due.map((d) => d.id),
          now,
          trx,
        );
        // Recorded in the transaction: the mails exist exactly when the invitations do.
        for (const { email, code } of toMail) {
          await mailer.send(
            invitationMail({
              to: email,
              inviter: fullName(user),
              team: team.name,
              code,
              publicUrl,
              hasAccount: accounts.has(email),
            }),
            trx,
          );
        }
        await recordEvent(trx, { type: 'invitation.sent', team_id: teamId, actor_id: user.id, emails: invited });
      });
    } catch (err) {
      await cap?.giveBack(user.id, taken);
      throw err;
    }
    return { invited, already_members: emails.filter((e) => already.has(e)) };
  }

  async pending(user: Principal, page: number, perPage: number): Promise<{ items: InvitationDto[]; total: number }> {
    const email = verifiedEmail(user);
    if (!email) return { items: [], total: 0 };
    const [total, rows] = await Promise.all([
      this.deps.repo.countPendingFor(email),
      this.deps.repo.pagePendingFor(email, (page - 1) * perPage, perPage),
    ]);
    return { items: rows.map((r) => presentInvitation(r, this.deps.teams.avatarUrl)), total };
  }

  /** Joins with a pending code sent to this user's verified e-mail; never twice, never with a used or foreign code. */
  async join(user: Principal, code: string) {
    const { repo, members, teams } = this.deps;
    const invitation = await this.pendingInvitation(user, code);
    if (!invitation) throw invalidCode();
    const joined = await transact(this.deps.db, async (trx) => {
      if (!(await repo.lockLiveTeam(invitation.team_id, trx))) throw invalidCode();
      if (!(await repo.respond(invitation.id, 'accepted', null, trx))) throw invalidCode();
      if (await members.find(invitation.team_id, user.id, trx)) return false;
      await members.add(invitation.team_id, user.id, Role.Member, trx);
      await recordEvent(trx, {
        type: 'member.joined',
        team_id: invitation.team_id,
        user_id: user.id,
        inviter_id: invitation.invitor_id,
      });
      return true;
    });
    if (!joined) throw conflict(Messages.alreadyMember, 'already_member');
    return teams.get(user.id, invitation.team_id);
  }

  async reject(user: Principal, code: string, reason: string | undefined): Promise<void> {
    const invitation = await this.pendingInvitation(user, code);
    if (
      !invitation ||
      !(await transact(this.deps.db, (trx) => this.deps.repo.respond(invitation.id, 'rejected', reason ?? null, trx)))
    )
      throw invalidCode();
  }

  /** The pending invitation of this code, only when it was sent to the user's verified e-mail. */
  private async pendingInvitation(user: Principal, code: string) {
    const email = verifiedEmail(user);
    return email ? this.deps.repo.findPendingByCodeFor(code.toUpperCase(), email) : undefined;
  }
}
