import {
  DENIAL_MESSAGES,
  Messages,
  Role,
  createsPersonalTeam,
  verdict,
  type DeletedTeamDto,
  type FirstStepsDto,
  type TeamDto,
  type TeamProfileDto,
} from '@rally/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, TeamRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import { recordEvent, transact } from '../../events/log.js';
import { DAY, nowIso } from '../../lib/clock.js';
import type { BillingService } from '../billing/service.js';
import type { MembersRepository } from '../members/repository.js';
import type { TeamAccess, TeamViewer } from '../members/team-access.js';
import type { UploadsService } from '../uploads/service.js';
import { storedPicture, type FileStorage } from '../uploads/storage.js';
import type { TeamCardsCache } from './cards-cache.js';
import { LEVELS, levelById } from './levels.js';
import { presentDeletedTeam, presentTeam, presentTeamProfile, teamStatus } from './presenter.js';
import type { TeamsRepository } from './repository.js';

/** How many member avatars a team card shows (spec §9). */

export interface TeamsDeps {
  /** The database (the service opens its transactions on it). */
  db: Kysely<Database>;
  repo: TeamsRepository;
  /** Each viewer's cards until an event that changes them is heard (ADR 0018, 0026). */
  cards: TeamCardsCache;
  members: MembersRepository;
  access: TeamAccess;
  billing: BillingService;
  /** Team pictures: stored as keys, presented as signed URLs by `uploads.urlOf`. */
  storage: FileStorage;
  uploads: Pick<UploadsService, 'urlOf' | 'requireSpace'>;
  /** How long the owner may restore a deleted engagement (TEAM_RESTORE_DAYS; ADR 0019). */
  restoreDays: number;
  now?: () => Date;
}

/** A new team: its owner, its name, whether it is the owner's personal team, and the owner's role. */
type NewTeam = [ownerId: number, name: string, isPersonal: boolean, ownerRole: number];

/**
 * Writes a team with its owner seated in role `ownerRole` and its welcome message, and records
 * `team.created` last, as part of `trx` (a transaction of `transact`). The new team's id.
 */
export async function createTeamIn(
  trx: Transaction<Database>,
  repo: TeamsRepository,
  ...[ownerId, name, isPersonal, ownerRole]: NewTeam
): Promise<number> {
  const teamId = await repo.insertTeam(ownerId, name, isPersonal, ownerRole, trx);
  // Last in the transaction (recordEvent): the owner's list shows the new team.
  await recordEvent(trx, { type: 'team.created', team_id: teamId, user_id: ownerId });
  return teamId;
}

/**
 * A team created in a transaction of its own, without the rules of `team.create` (they are
 * {@link TeamsService.create}'s): for the demo's and the bench's seeds and the tests' set-ups.
 */
export function createTeam(db: Kysely<Database>, repo: TeamsRepository, ...team: NewTeam): Promise<number> {
  return transact(db, (trx) => createTeamIn(trx, repo, ...team));
}

export class TeamsService {
  constructor(private readonly deps: TeamsDeps) {}

  /** A stored picture's signed URL (also for other modules that show a team's picture). */
  readonly avatarUrl = (key: string | null): string | null => this.deps.uploads.urlOf(key);

  /**
   * The viewer's teams (or the one of them asked for) in one query whatever their number (no
   * N+1), or none at all while the cached cards are current.
   */
  async list(userId: number, teamId?: number): Promise<TeamDto[]> {
    const { repo, cards } = this.deps;
    const all = await cards.cardsOf(userId, () => repo.teamsOf(userId));
    const teams = teamId === undefined ? all : all.filter((team) => team.id === teamId);
    const now = new Date();
    return teams.map((t) => presentTeam(t, this.avatarUrl, now));
  }

  async get(userId: number, teamId: number): Promise<TeamDto> {
    const [team] = await this.list(userId, teamId);
    if (!team) throw notFound();
    return team;
  }

  /**
   * Create Engagement as the contract's `team.create` rules it (spec §1, §6): a Coach's
   * engagement, or anyone else's one personal team. The rule is asked inside the transaction that
   * holds the owner's row, so requests at the same moment cannot all pass it.
   */
  async create(userId: number, name: string): Promise<TeamDto> {
    const { db, repo, billing } = this.deps;
    const viewer = { userId, coach: await billing.isCoach(userId) };
    const outcome = await transact(db, async (trx) => {
      const answer = verdict('team.create', viewer, { owns_personal_team: await repo.holdsPersonalTeam(userId, trx) });
      if (answer !== 'allow') return answer;
      return createTeamIn(trx, repo, userId, name, createsPersonalTeam(viewer), Role.Owner);
    });
    if (typeof outcome !== 'number') throw forbidden(DENIAL_MESSAGES[outcome], outcome);
    return this.get(userId, outcome);
  }

  /**
   * Delete Coaching: the owner's act alone (ADR 0019). The team is gone for every member at once
   * and restorable by its owner for `restoreDays`; the purge job erases it and its files after.
   * Records `team.deleted` for the former members in the same transaction (their screens follow,
   * ADR 0024).
   */
  async delete(userId: number, teamId: number): Promise<void> {
    const { db, repo, access } = this.deps;
    await access.require(userId, teamId, 'team.delete');
    const members = await transact(db, async (trx) => {
      const members = await repo.softDelete(teamId, nowIso(), trx);
      if (members) await recordEvent(trx, { type: 'team.deleted', team_id: teamId, user_ids: members });
      return members;
    });
    if (!members) throw notFound();
  }

  /** The caller's deleted engagements still in their window, latest deleted first. */
  async deleted(userId: number): Promise<DeletedTeamDto[]> {
    const now = this.now();
    const rows = await this.deps.repo.deletedOf(userId, this.windowStart(now));
    return rows.map((row) => presentDeletedTeam(row, this.avatarUrl, this.windowMs, now));
  }

  /**
   * The owner brings a deleted engagement back, for everyone, as it was. Someone else's (or one
   * not deleted) is 404; past the window 410, though the purge may not have run yet.
   */
  async restore(userId: number, teamId: number): Promise<TeamDto> {
    const { db, repo } = this.deps;
    const notBefore = this.windowStart(this.now());
    const outcome = await transact(db, async (trx) => {
      const outcome = await repo.restore(teamId, userId, notBefore, trx);
      if (Array.isArray(outcome)) await recordEvent(trx, { type: 'team.restored', team_id: teamId, user_ids: outcome });
      return outcome;
    });
    if (outcome === 'not_found') throw notFound();
    if (outcome === 'expired') throw new AppError(410, 'restore_window_over', Messages.restoreWindowOver);
    if (outcome === 'personal_exists') throw conflict(Messages.personalTeamExists, 'personal_team_exists');
    return this.get(userId, teamId);
  }

  private get windowMs(): number {
    return this.deps.restoreDays * DAY;
  }

  /** The earliest deletion time still restorable at `now`. */
  private windowStart(now: Date): string {
    return new Date(now.getTime() - this.windowMs).toISOString();
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async profile(userId: number, teamId: number): Promise<TeamProfileDto> {
    const viewer = await this.deps.access.viewer(userId, teamId);
    return presentTeamProfile(await this.team(teamId), this.avatarUrl, await this.firstSteps(viewer));
  }

  /** The owner's first steps in a new engagement (ADR 0032); nobody else is shown them. */
  private firstSteps(viewer: TeamViewer): Promise<FirstStepsDto | null> {
    if (viewer.role !== Role.Owner) return Promise.resolve(null);
    return this.deps.repo.firstSteps(viewer.teamId, viewer.userId);
  }

  /** Who may edit the team's name and picture, checked before a picture is read (404 / 403). */
  async requireProfileEditor(userId: number, teamId: number): Promise<void> {
    await this.deps.access.require(userId, teamId, 'team.update');
  }

  /**
   * Team name and picture. The picture is decoded and re-encoded (`storedPicture`); 413 when the
   * user's or the team's storage is full.
   */
  async updateProfile(
    userId: number,
    teamId: number,
    input: { name?: string; avatar?: Buffer },
  ): Promise<TeamProfileDto> {
    const { access, storage } = this.deps;
    const viewer = await access.require(userId, teamId, 'team.update');
    const before = await this.team(teamId);
    const values: { name?: string; avatar?: string } = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.avatar) {
      const picture = await storedPicture(input.avatar);
      await this.deps.uploads.requireSpace(userId, teamId, picture.data.length);
      values.avatar = await storage.put(`teams/${teamId}`, picture.data, picture.ext);
    }
    if (Object.keys(values).length) await this.updateTeam(teamId, values, userId);
    if (values.avatar) await storage.remove(before.avatar);
    return presentTeamProfile(await this.team(teamId), this.avatarUrl, await this.firstSteps(viewer));
  }

  levels() {
    return LEVELS;
  }

  async level(userId: number, teamId: number) {
    await this.deps.access.viewer(userId, teamId);
    return levelById((await this.team(teamId)).level_of_engagement_id);
  }

  /** Everyone in the team may view the level; the table says who changes it. */
  async setLevel(userId: number, teamId: number, levelId: number) {
    await this.deps.access.require(userId, teamId, 'level.set');
    await this.updateTeam(teamId, { level_of_engagement_id: levelId }, userId);
    return levelById(levelId);
  }

  async readWelcomeMessage(userId: number, teamId: number, isRead: boolean): Promise<void> {
    const { access, members } = this.deps;
    await access.viewer(userId, teamId);
    await transact(this.deps.db, async (trx) => {
      await members.setWelcomeRead(teamId, userId, isRead, trx);
      // The viewer's own card shows the flag.
      await recordEvent(trx, { type: 'welcome.read', team_id: teamId, user_id: userId });
    });
  }

  /**
   * The team while it is active (its owner holds the Coach plan, or it is personal); undefined
   * when it has lapsed or is gone.
   */
  async activeTeam(teamId: number): Promise<TeamRow | undefined> {
    const team = await this.deps.repo.findWithOwner(teamId);
    return team && teamStatus(team) === 'active' ? team : undefined;
  }

  /** Changes what the team's cards show of it (name, picture, level), recording `team.updated`. */
  private async updateTeam(
    teamId: number,
    values: { name?: string; avatar?: string | null; level_of_engagement_id?: number },
    actorId: number,
  ): Promise<void> {
    await transact(this.deps.db, async (trx) => {
      await this.deps.repo.updateTeam(teamId, values, trx);
      await recordEvent(trx, { type: 'team.updated', team_id: teamId, actor_id: actorId });
    });
  }

  /** The team row; gone (deleted a moment ago) reads as 404, never a crash. */
  private async team(teamId: number): Promise<TeamRow> {
    const team = await this.deps.repo.findTeam(teamId);
    if (!team) throw notFound();
    return team;
  }
}
