import { sql, type Expression, type Kysely } from 'kysely';
import { compileOnce } from '../../db/compile-once.js';
import { dialectOf, jsonArrayFrom, type DialectName } from '../../db/dialect.js';
import type { Database, Executor, TeamMemberRow } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import type { CoachFactsRow } from '../billing/presenter.js';

/** A member as a team card shows them: the person and their role, nothing more. */
export interface MemberPreviewRow {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  role_id: number;
}

/** A member as lists show them: the person and their role in the team. */
export interface MemberRow extends MemberPreviewRow {
  team_id: number;
  email: string;
  joined_at: string;
}

/** A membership with the member's own subscription facts: what the rules know of a viewer. */
export interface ViewerRow extends CoachFactsRow {
  role_id: number;
}

const MEMBER_COLUMNS = [
  'm.team_id',
  'u.id',
  'u.first_name',
  'u.last_name',
  'u.avatar',
  'u.email',
  'm.role_id',
  'm.joined_at',
] as const;

/** Every column of a seat, in the order both `team_members` and `deleted_team_members` have them. */
const SEAT_COLUMNS = ['team_id', 'user_id', 'role_id', 'read_welcome_message', 'joined_at'] as const;

/** Team memberships: the only code that touches `team_members`. */
export class MembersRepository {
  private readonly dialect: DialectName;
  constructor(private readonly db: Kysely<Database>) {
    this.dialect = dialectOf(db);
  }

  /**
   * The membership of `userId` in a team together with their subscription's Coach-plan facts, in
   * one query (a left join: an account without a subscription reads as nulls).
   */
  async viewer(teamId: number, userId: number): Promise<ViewerRow | undefined> {
    const [row] = await this.viewerQuery(teamId, userId);
    return row;
  }

  // Asked by every team call: built and compiled once.
  private readonly viewerQuery = compileOnce(
    () => this.db,
    (teamId: number, userId: number) =>
      this.db
        .selectFrom('team_members as m')
        .leftJoin('subscriptions as s', 's.user_id', 'm.user_id')
        .select(['m.role_id', 's.plan', 's.stripe_status', 's.trial_ends_at', 's.has_payment_method'])
        .where('m.team_id', '=', teamId)
        .where('m.user_id', '=', userId),
  );

  /** A membership; `db` may be a transaction. */
  find(teamId: number, userId: number, db: Kysely<Database> = this.db): Promise<TeamMemberRow | undefined> {
    return db
      .selectFrom('team_members')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** A team's members (or only `userId`), owner first, then admins, then by joining. */
  list(teamId: number, userId?: number): Promise<MemberRow[]> {
    return this.withPeople()
      .select(MEMBER_COLUMNS)
      .where('m.team_id', '=', teamId)
      .$if(userId !== undefined, (q) => q.where('m.user_id', '=', userId!))
      .orderBy('m.role_id')
      .orderBy('m.joined_at')
      .orderBy('m.user_id')
      .execute();
  }

  /** How many members the team `teamId` has: a column for another repository's query. */
  sizeOf(teamId: Expression<number>) {
    return this.db
      .selectFrom('team_members as all_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('all_members.team_id', '=', teamId);
  }

  /**
   * The first `limit` members of the team `teamId` in the order of `list`, as a JSON array column
   * for another repository's query (read it with `rowsOfJson`).
   */
  previewOf(teamId: Expression<number>, limit: number) {
    return jsonArrayFrom(
      this.dialect,
      this.withPeople()
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.avatar', 'm.role_id'])
        .where('m.team_id', '=', teamId)
        .orderBy('m.role_id')
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        // A literal: SQLite runs a correlated subquery with a bound LIMIT several times slower.
        .limit(sql.lit(limit)),
    );
  }

  /** The user's role in each of `teamIds` they belong to. */
  async rolesOf(userId: number, teamIds: readonly number[]): Promise<Map<number, number>> {
    if (teamIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('team_members')
      .select(['team_id', 'role_id'])
      .where('user_id', '=', userId)
      .where('team_id', 'in', teamIds)
      .execute();
    return new Map(rows.map((r) => [r.team_id, r.role_id]));
  }

  /** The role of each of `userIds` who belongs to the team. */
  async rolesIn(teamId: number, userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('team_members')
      .select(['user_id', 'role_id'])
      .where('team_id', '=', teamId)
      .where('user_id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.role_id]));
  }

  /** The e-mails among `emails` that belong to members of the team. */
  async emailsIn(teamId: number, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.withPeople()
      .select('u.email')
      .where('m.team_id', '=', teamId)
      .where('u.email', 'in', emails)
      .execute();
    return new Set(rows.map((r) => r.email));
  }

  /** Seats a user in a team, in the caller's transaction. */
  async add(teamId: number, userId: number, roleId: number, ex: Executor): Promise<void> {
    await ex
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, role_id: roleId, read_welcome_message: 0, joined_at: nowIso() })
      .execute();
  }

  async setRole(teamId: number, userId: number, roleId: number, ex: Executor): Promise<void> {
    await this.update(teamId, userId, { role_id: roleId }, ex);
  }

  async setWelcomeRead(teamId: number, userId: number, read: boolean, ex: Executor): Promise<void> {
    await this.update(teamId, userId, { read_welcome_message: read ? 1 : 0 }, ex);
  }

  /**
   * A deleted team's memberships, moved to `deleted_team_members` in the caller's transaction: every
   * read that asks who is in the team (access, lists, feeds, the realtime gateway) finds nobody
   * (ADR 0019). The members' ids, for telling them.
   */
  async setAside(teamId: number, trx: Kysely<Database>): Promise<number[]> {
    const rows = await trx.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute();
    await trx
      .insertInto('deleted_team_members')
      .columns(SEAT_COLUMNS)
      .expression(trx.selectFrom('team_members').select(SEAT_COLUMNS).where('team_id', '=', teamId))
      .execute();
    await trx.deleteFrom('team_members').where('team_id', '=', teamId).execute();
    return rows.map((r) => r.user_id);
  }

  /** A restored team's memberships back in place, unchanged (roles, order, welcome read); their ids. */
  async bringBack(teamId: number, trx: Kysely<Database>): Promise<number[]> {
    const rows = await trx.selectFrom('deleted_team_members').select('user_id').where('team_id', '=', teamId).execute();
    await trx
      .insertInto('team_members')
      .columns(SEAT_COLUMNS)
      .expression(trx.selectFrom('deleted_team_members').select(SEAT_COLUMNS).where('team_id', '=', teamId))
      .execute();
    await trx.deleteFrom('deleted_team_members').where('team_id', '=', teamId).execute();
    return rows.map((r) => r.user_id);
  }

  /** Ends a membership; false when there was none (removed a moment ago). */
  async remove(teamId: number, userId: number, ex: Executor): Promise<boolean> {
    const done = await ex
      .deleteFrom('team_members')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(done.numDeletedRows) > 0;
  }

  private async update(
    teamId: number,
    userId: number,
    values: Partial<Pick<TeamMemberRow, 'role_id' | 'read_welcome_message'>>,
    ex: Executor,
  ): Promise<void> {
    await ex
      .updateTable('team_members')
      .set(values)
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Memberships (m) with their people (u). */
  private withPeople() {
    return this.db.selectFrom('team_members as m').innerJoin('users as u', 'u.id', 'm.user_id');
  }
}
