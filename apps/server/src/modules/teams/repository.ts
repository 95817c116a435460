import type { Kysely } from 'kysely';
import { FIRST_STEPS_NOT_A_POST, PostType, PostMessages, type FirstStepsDto } from '@rally/contract';
import { compileOnce } from '../../db/compile-once.js';
import { lockRows, rowsOfJson } from '../../db/dialect.js';
import type { Database, Executor, TeamRow } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import { MembersRepository, type MemberPreviewRow } from '../members/repository.js';
import { insertPost } from '../posts/repository.js';

/** A team with its owner: their name, and the facts of their subscription that decide its status. */
export interface TeamWithOwner extends TeamRow {
  owner_first_name: string;
  owner_last_name: string;
  owner_avatar: string | null;
  owner_plan: 'Free' | 'Premium' | null;
  owner_stripe_status: Database['subscriptions']['stripe_status'] | null;
  owner_trial_ends_at: string | null;
  owner_has_payment_method: number | null;
}

/** A team as the viewer sees it: the team with its owner, its size, its first members and the viewer's membership. */
export interface TeamView extends TeamWithOwner {
  role_id: number;
  read_welcome_message: number;
  /** A count (PostgreSQL sends it as a string; a scalar subquery is typed nullable). */
  members_count: number | string | null;
  /** The first members, in the order of the member list. */
  preview: MemberPreviewRow[];
  /** The content of the team's latest published Inspiration topic. */
  latest_topic: string | null;
}

/** How many members a team card shows. */
export const PREVIEW_MEMBERS = 4;

export class TeamsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Creating a team seats its owner in the same transaction. */
    private readonly members = new MembersRepository(db),
  ) {}

  /** The viewer's teams, newest first, with what their cards show: one query. */
  async teamsOf(userId: number): Promise<TeamView[]> {
    const rows = await this.allTeamsOf(userId);
    return rows.map((row) => ({ ...row, preview: rowsOfJson(row.preview) }));
  }

  private readonly allTeamsOf = compileOnce(
    () => this.db,
    (userId: number) => this.cardsOf(userId),
  );

  private cardsOf(userId: number) {
    return this.withOwner()
      .innerJoin('team_members as me', (j) => j.onRef('me.team_id', '=', 'teams.id').on('me.user_id', '=', userId))
      .select((eb) => [
        'me.role_id',
        'me.read_welcome_message',
        this.members.sizeOf(eb.ref('teams.id')).as('members_count'),
        this.members.previewOf(eb.ref('teams.id'), PREVIEW_MEMBERS).as('preview'),
        eb
          .selectFrom('topics')
          .select('topics.content')
          .whereRef('topics.team_id', '=', 'teams.id')
          .where('topics.published_at', 'is not', null)
          .orderBy('topics.publish_date', 'desc')
          .orderBy('topics.id', 'desc')
          .limit(1)
          .as('latest_topic'),
      ])
      .orderBy('teams.id', 'desc');
  }

  /** One team with its owner, whoever asks; a deleted team is not there. */
  findWithOwner(teamId: number): Promise<TeamWithOwner | undefined> {
    return this.withOwner().where('teams.id', '=', teamId).where('teams.deleted_at', 'is', null).executeTakeFirst();
  }

  /** The team, unless it is deleted. */
  findTeam(teamId: number): Promise<TeamRow | undefined> {
    return this.db
      .selectFrom('teams')
      .selectAll()
      .where('id', '=', teamId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * How far the team's first steps have come for `userId` (its owner; ADR 0032), in one query:
   * someone else is a member or has a pending invitation; the user has posted in the team (the
   * welcome post made with it and check-ins aside); anyone has requested a check-in in it.
   */
  async firstSteps(teamId: number, userId: number): Promise<FirstStepsDto> {
    const row = await this.db
      .selectFrom('teams')
      .where('teams.id', '=', teamId)
      .select((eb) => [
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('team_members')
                .select('team_members.user_id')
                .where('team_members.team_id', '=', teamId)
                .where('team_members.user_id', '<>', userId),
            ),
            eb.exists(
              eb
                .selectFrom('invitations')
                .select('invitations.id')
                .where('invitations.team_id', '=', teamId)
                .where('invitations.status', '=', 'pending'),
            ),
          ])
          .as('invited'),
        eb
          .exists(
            eb
              .selectFrom('posts')
              .select('posts.id')
              .where('posts.team_id', '=', teamId)
              .where('posts.user_id', '=', userId)
              .where('posts.type_id', 'not in', FIRST_STEPS_NOT_A_POST),
          )
          .as('posted'),
        eb
          .exists(eb.selectFrom('checkins').select('checkins.id').where('checkins.team_id', '=', teamId))
          .as('checkin_requested'),
      ])
      .executeTakeFirst();
    // SQLite answers 0 or 1, PostgreSQL a boolean.
    return {
      invited: Boolean(row?.invited),
      posted: Boolean(row?.posted),
      checkin_requested: Boolean(row?.checkin_requested),
    };
  }

  /**
   * Whether the owner holds a personal team (a deleted one does not count; restoring it waits
   * until this one is deleted), holding the owner's row until `ex`'s transaction ends: requests
   * at the same moment ask one after the other, so they cannot all find none.
   */
  async holdsPersonalTeam(ownerId: number, ex: Executor): Promise<boolean> {
    await ex.selectFrom('users').select('id').where('id', '=', ownerId).$call(lockRows(ex)).execute();
    const row = await ex
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('is_personal', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n) > 0;
  }

  /**
   * Writes a team with its owner seated in role `ownerRole` and its welcome message, as part of
   * `ex` (the service records `team.created`). The new team's id.
   */
  async insertTeam(
    ownerId: number,
    name: string,
    isPersonal: boolean,
    ownerRole: number,
    ex: Executor,
  ): Promise<number> {
    const now = nowIso();
    const team = await ex
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
    await this.members.add(team.id, ownerId, ownerRole, ex);
    // Every team starts with its welcome message (spec §1), written with the team.
    await insertPost(ex, {
      team_id: team.id,
      user_id: ownerId,
      type_id: PostType.welcomemessage,
      text: PostMessages.welcomePost,
      created_at: now,
    });
    return team.id;
  }

  /**
   * The owner's deletion (ADR 0019), as part of `ex`: stamps `deleted_at` and sets the
   * memberships aside, so the team is gone for every member at once. The former members' ids, or
   * undefined when the team was deleted already.
   */
  async softDelete(teamId: number, at: string, ex: Executor): Promise<number[] | undefined> {
    const done = await ex
      .updateTable('teams')
      .set({ deleted_at: at, updated_at: at })
      .where('id', '=', teamId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return undefined;
    return this.members.setAside(teamId, ex);
  }

  /**
   * Brings back the owner's team deleted at or after `notBefore`, with its memberships, as part
   * of `ex`; the members' ids, or why not: not theirs or not deleted, past the window, or a
   * personal team while they hold another.
   */
  async restore(
    teamId: number,
    ownerId: number,
    notBefore: string,
    ex: Executor,
  ): Promise<number[] | 'not_found' | 'expired' | 'personal_exists'> {
    const team = await ex
      .selectFrom('teams')
      .select(['id', 'deleted_at', 'is_personal'])
      .where('id', '=', teamId)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is not', null)
      .$call(lockRows(ex))
      .executeTakeFirst();
    if (!team) return 'not_found';
    if (team.deleted_at! < notBefore) return 'expired';
    // As when a personal team is created: the owner's row is held, so the two cannot both pass.
    if (team.is_personal && (await this.holdsPersonalTeam(ownerId, ex))) return 'personal_exists';
    await ex.updateTable('teams').set({ deleted_at: null, updated_at: nowIso() }).where('id', '=', teamId).execute();
    return this.members.bringBack(teamId, ex);
  }

  /** The owner's teams deleted at or after `notBefore` (still restorable), latest deleted first. */
  deletedOf(ownerId: number, notBefore: string) {
    return this.db
      .selectFrom('teams')
      .select(['id', 'name', 'avatar', 'is_personal', 'deleted_at'])
      .where('owner_id', '=', ownerId)
      .where('deleted_at', '>=', notBefore)
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Teams deleted before `before` (past their window), oldest first: the purge job's work. */
  async expiredIds(before: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('teams')
      .select('id')
      .where('deleted_at', '<', before)
      .orderBy('deleted_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** A deleted team's picture key, whatever its window (the purge removes it). */
  async deletedAvatar(teamId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('teams')
      .select('avatar')
      .where('id', '=', teamId)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    return row?.avatar ?? null;
  }

  /**
   * Erases a team deleted before `before`, as part of `ex`: its row, and by the foreign keys'
   * cascade every row of the team (members set aside, posts and theirs, uploads, check-ins,
   * topics, to-dos, invitations, notifications). Its events in the event log, which has no
   * foreign key, are the events module's to delete (the purge does). False when there was none.
   */
  async purge(teamId: number, before: string, ex: Executor): Promise<boolean> {
    const done = await ex
      .deleteFrom('teams')
      .where('id', '=', teamId)
      .where('deleted_at', '<', before)
      .executeTakeFirst();
    return Number(done.numDeletedRows) > 0;
  }

  /** Changes what the team's cards show of it (name, picture, level), as part of `ex`. */
  async updateTeam(
    teamId: number,
    values: { name?: string; avatar?: string | null; level_of_engagement_id?: number },
    ex: Executor,
  ): Promise<void> {
    await ex
      .updateTable('teams')
      .set({ ...values, updated_at: nowIso() })
      .where('id', '=', teamId)
      .execute();
  }

  /** Teams with their owner's name and subscription facts (left join: an owner may have none). */
  private withOwner() {
    return this.db
      .selectFrom('teams')
      .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
      .leftJoin('subscriptions as owner_sub', 'owner_sub.user_id', 'teams.owner_id')
      .selectAll('teams')
      .select([
        'owner.first_name as owner_first_name',
        'owner.last_name as owner_last_name',
        'owner.avatar as owner_avatar',
        'owner_sub.plan as owner_plan',
        'owner_sub.stripe_status as owner_stripe_status',
        'owner_sub.trial_ends_at as owner_trial_ends_at',
        'owner_sub.has_payment_method as owner_has_payment_method',
      ]);
  }
}
