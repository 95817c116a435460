import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database, TeamRow } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A team as the viewer sees it: the row, the viewer's membership and the owner. */
export interface TeamView extends TeamRow {
  role_id: number;
  read_welcome_message: number;
  owner_first_name: string;
  owner_last_name: string;
  owner_avatar: string | null;
  owner_is_coach: number;
}

export interface MemberRow {
  team_id: number;
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  email: string;
  role_id: number;
  joined_at: string;
}

/** SQL truth of "the owner has Premium, active or trialing" (spec §6), for one team row. */
function ownerIsCoach(): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from subscriptions s where s.user_id = teams.owner_id and s.plan = 'Premium' and s.stripe_status in ('active', 'trialing'))`;
}

export class TeamsRepository {
  /**
   * PostgreSQL takes row locks (FOR NO KEY UPDATE: it still lets other transactions insert rows
   * that reference the locked one); SQLite has no such clause and needs none.
   */
  private readonly locksRows: boolean;

  constructor(private readonly db: Kysely<Database>) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- dialectOf reads only the adapter
    this.locksRows = dialectOf(db as Kysely<any>) === 'postgres';
  }

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The viewer's teams (or one of them), newest first. */
  teamsOf(userId: number, teamId?: number): Promise<TeamView[]> {
    return this.db
      .selectFrom('teams')
      .innerJoin('team_members as me', (j) => j.onRef('me.team_id', '=', 'teams.id').on('me.user_id', '=', userId))
      .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
      .selectAll('teams')
      .select([
        'me.role_id',
        'me.read_welcome_message',
        'owner.first_name as owner_first_name',
        'owner.last_name as owner_last_name',
        'owner.avatar as owner_avatar',
        sql<number>`case when ${ownerIsCoach()} then 1 else 0 end`.as('owner_is_coach'),
      ])
      .$if(teamId !== undefined, (q) => q.where('teams.id', '=', teamId!))
      .orderBy('teams.id', 'desc')
      .execute();
  }

  /** The first `limit` members of each team (owner first, then admins, then by joining), in one query. */
  previewMembers(teamIds: number[], limit: number): Promise<MemberRow[]> {
    if (teamIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('team_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select([
            'm.team_id',
            'u.id',
            'u.first_name',
            'u.last_name',
            'u.avatar',
            'u.email',
            'm.role_id',
            'm.joined_at',
            sql<number>`row_number() over (partition by m.team_id order by m.role_id, m.joined_at, u.id)`.as('rn'),
          ])
          .where('m.team_id', 'in', teamIds)
          .as('ranked'),
      )
      .selectAll()
      .where('rn', '<=', limit)
      .orderBy('team_id')
      .orderBy('rn')
      .execute();
  }

  async memberCounts(teamIds: number[]): Promise<Map<number, number>> {
    if (teamIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('team_members')
      .select(['team_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('team_id', 'in', teamIds)
      .groupBy('team_id')
      .execute();
    return new Map(rows.map((r) => [r.team_id, Number(r.n)]));
  }

  members(teamId: number): Promise<MemberRow[]> {
    return this.db
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.team_id', 'u.id', 'u.first_name', 'u.last_name', 'u.avatar', 'u.email', 'm.role_id', 'm.joined_at'])
      .where('m.team_id', '=', teamId)
      .orderBy('m.role_id')
      .orderBy('m.joined_at')
      .orderBy('u.id')
      .execute();
  }

  member(teamId: number, userId: number, db: Executor = this.db) {
    return db
      .selectFrom('team_members')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  countPersonalTeamsOwnedBy(userId: number, db: Executor = this.db): Promise<number> {
    return db
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .where('is_personal', '=', 1)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /** Creates a team with its owner as member role 2, atomically. */
  createTeam(ownerId: number, name: string, isPersonal: boolean, ownerRole: number): Promise<number> {
    return this.transaction((trx) => this.insertTeam(trx, ownerId, name, isPersonal, ownerRole));
  }

  /**
   * Creates the owner's one personal team, or nothing (undefined) when they have one already.
   * The check and the insert are one transaction that holds the owner's row, so requests at
   * the same moment cannot all pass the check (PostgreSQL locks the row; SQLite runs one
   * transaction at a time).
   */
  createPersonalTeam(ownerId: number, name: string, ownerRole: number): Promise<number | undefined> {
    return this.transaction(async (trx) => {
      await this.lock(trx, 'users', ownerId);
      if ((await this.countPersonalTeamsOwnedBy(ownerId, trx)) > 0) return undefined;
      return this.insertTeam(trx, ownerId, name, true, ownerRole);
    });
  }

  /**
   * Holds a team's row until the transaction ends, so check-then-write steps on that team run
   * one at a time (PostgreSQL locks the row; SQLite runs one transaction at a time anyway).
   */
  lockTeam(trx: Transaction<Database>, teamId: number): Promise<void> {
    return this.lock(trx, 'teams', teamId);
  }

  private async lock(trx: Transaction<Database>, table: 'users' | 'teams', id: number): Promise<void> {
    await trx
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .$if(this.locksRows, (q) => q.forNoKeyUpdate())
      .execute();
  }

  private async insertTeam(
    trx: Transaction<Database>,
    ownerId: number,
    name: string,
    isPersonal: boolean,
    ownerRole: number,
  ): Promise<number> {
    const now = nowIso();
    const team = await trx
      .insertInto('teams')
      .values({
        name,
        avatar: null,
        owner_id: ownerId,
        is_personal: isPersonal ? 1 : 0,
        level_of_engagement_id: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.addMember(team.id, ownerId, ownerRole, trx);
    return team.id;
  }

  async addMember(teamId: number, userId: number, roleId: number, db: Executor = this.db): Promise<void> {
    await db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, role_id: roleId, read_welcome_message: 0, joined_at: nowIso() })
      .execute();
  }

  async deleteTeam(teamId: number): Promise<void> {
    await this.db.deleteFrom('teams').where('id', '=', teamId).execute();
  }

  async updateTeam(
    teamId: number,
    values: { name?: string; avatar?: string | null; level_of_engagement_id?: number },
  ): Promise<void> {
    await this.db
      .updateTable('teams')
      .set({ ...values, updated_at: nowIso() })
      .where('id', '=', teamId)
      .execute();
  }

  findTeam(teamId: number): Promise<TeamRow | undefined> {
    return this.db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
  }

  async setRole(teamId: number, userId: number, roleId: number): Promise<void> {
    await this.db
      .updateTable('team_members')
      .set({ role_id: roleId })
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .execute();
  }

  async removeMember(teamId: number, userId: number): Promise<void> {
    await this.db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
  }

  async setWelcomeRead(teamId: number, userId: number, read: boolean): Promise<void> {
    await this.db
      .updateTable('team_members')
      .set({ read_welcome_message: read ? 1 : 0 })
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .execute();
  }
}
