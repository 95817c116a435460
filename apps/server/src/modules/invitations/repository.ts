import type { Kysely, Transaction } from 'kysely';
import { lockRows } from '../../db/dialect.js';
import type { Database, Executor, InvitationRow } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';

export interface PendingInvitationRow {
  id: number;
  code: string;
  created_at: string;
  team_id: number;
  team_name: string;
  team_avatar: string | null;
  invitor_id: number;
  invitor_first_name: string;
  invitor_last_name: string;
  invitor_avatar: string | null;
}

/** What sending an invitation again needs to know. */
export interface PendingMailRow {
  id: number;
  email: string;
  code: string;
  last_mailed_at: string | null;
}

export class InvitationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Holds the team's row lock to the end of `trx`: two invites at the same moment make one invitation. */
  async lockTeam(teamId: number, trx: Transaction<Database>): Promise<void> {
    await trx.selectFrom('teams').select('id').where('id', '=', teamId).$call(lockRows(trx)).execute();
  }

  /** The pending invitations of a team for these e-mails, by e-mail. */
  async pendingOf(teamId: number, emails: string[], db: Kysely<Database>): Promise<Map<string, PendingMailRow>> {
    if (emails.length === 0) return new Map();
    const rows = await db
      .selectFrom('invitations')
      .select(['id', 'email', 'code', 'last_mailed_at'])
      .where('team_id', '=', teamId)
      .where('email', 'in', emails)
      .where('status', '=', 'pending')
      .execute();
    return new Map(rows.map((r) => [r.email, r]));
  }

  /** Records that these invitations were mailed now. */
  async markMailed(ids: number[], at: string, ex: Executor): Promise<void> {
    if (ids.length === 0) return;
    await ex.updateTable('invitations').set({ last_mailed_at: at }).where('id', 'in', ids).execute();
  }

  /**
   * A pending invitation by its code, only when it was sent to this e-mail and its team is not
   * deleted (ADR 0019: an invitation to a deleted team cannot be accepted, nor refused).
   */
  findPendingByCodeFor(code: string, email: string): Promise<InvitationRow | undefined> {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('code', '=', code)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('teams')
            .select('teams.id')
            .whereRef('teams.id', '=', 'invitations.team_id')
            .where('teams.deleted_at', 'is', null),
        ),
      )
      .executeTakeFirst();
  }

  /**
   * Holds the team's row until `trx` ends when it is not deleted; false when it is. Joining checks
   * this in its transaction: a deletion at the same moment either waits for the join (and sets the
   * new member aside with the others) or is seen by it.
   */
  async lockLiveTeam(teamId: number, trx: Transaction<Database>): Promise<boolean> {
    const row = await trx
      .selectFrom('teams')
      .select('id')
      .where('id', '=', teamId)
      .where('deleted_at', 'is', null)
      .$call(lockRows(trx))
      .executeTakeFirst();
    return row !== undefined;
  }

  async create(teamId: number, invitorId: number, email: string, code: string, ex: Executor): Promise<void> {
    await this.createMany(teamId, invitorId, [{ email, code }], ex);
  }

  /** New pending invitations, mailed now. */
  async createMany(
    teamId: number,
    invitorId: number,
    invitations: { email: string; code: string }[],
    ex: Executor,
  ): Promise<void> {
    if (invitations.length === 0) return;
    const now = nowIso();
    await ex
      .insertInto('invitations')
      .values(
        invitations.map(({ email, code }) => ({
          team_id: teamId,
          invitor_id: invitorId,
          email,
          code,
          status: 'pending' as const,
          reject_reason: null,
          created_at: now,
          responded_at: null,
          last_mailed_at: now,
        })),
      )
      .execute();
  }

  async existingAccounts(emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db.selectFrom('users').select('email').where('email', 'in', emails).execute();
    return new Set(rows.map((r) => r.email));
  }

  private pendingFor(email: string) {
    return this.db
      .selectFrom('invitations as i')
      .innerJoin('teams as t', 't.id', 'i.team_id')
      .innerJoin('users as u', 'u.id', 'i.invitor_id')
      .where('i.email', '=', email)
      .where('i.status', '=', 'pending')
      .where('t.deleted_at', 'is', null);
  }

  countPendingFor(email: string): Promise<number> {
    return this.pendingFor(email)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  pagePendingFor(email: string, offset: number, limit: number): Promise<PendingInvitationRow[]> {
    return this.pendingFor(email)
      .select([
        'i.id',
        'i.code',
        'i.created_at',
        't.id as team_id',
        't.name as team_name',
        't.avatar as team_avatar',
        'u.id as invitor_id',
        'u.first_name as invitor_first_name',
        'u.last_name as invitor_last_name',
        'u.avatar as invitor_avatar',
      ])
      .orderBy('i.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Marks a pending invitation answered; false when it was answered already. */
  async respond(id: number, status: 'accepted' | 'rejected', reason: string | null, ex: Executor): Promise<boolean> {
    const res = await ex
      .updateTable('invitations')
      .set({ status, reject_reason: reason, responded_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
