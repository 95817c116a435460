import { Messages, Role, type TeamDto, type TeamProfileDto } from '@rally/contract';
import { forbidden, notFound } from '../../http/errors.js';
import type { BillingService } from '../billing/service.js';
import { imageExtension, type FileStorage } from '../uploads/storage.js';
import { LEVELS, levelById } from './levels.js';
import { isOwner, requireLead, requireMembership } from './policy.js';
import { presentTeam, presentTeamProfile } from './presenter.js';
import type { TeamsRepository } from './repository.js';

/** How many member avatars a team card shows (spec §9). */
const PREVIEW = 4;

export class TeamsService {
  constructor(
    private readonly repo: TeamsRepository,
    private readonly billing: BillingService,
    private readonly storage: FileStorage,
  ) {}

  /** The viewer's teams in three queries, whatever their number (no N+1). */
  async list(userId: number, teamId?: number): Promise<TeamDto[]> {
    const teams = await this.repo.teamsOf(userId, teamId);
    const ids = teams.map((t) => t.id);
    const [preview, counts] = await Promise.all([this.repo.previewMembers(ids, PREVIEW), this.repo.memberCounts(ids)]);
    return teams.map((t) =>
      presentTeam(
        t,
        preview.filter((m) => m.team_id === t.id),
        counts.get(t.id) ?? 0,
      ),
    );
  }

  async get(userId: number, teamId: number): Promise<TeamDto> {
    const [team] = await this.list(userId, teamId);
    if (!team) throw notFound();
    return team;
  }

  /**
   * Coaches (Premium, active or trialing) create engagements without limit; anyone else may
   * create one personal team (spec §1, §6).
   */
  async create(userId: number, name: string): Promise<TeamDto> {
    const id = (await this.billing.isCoach(userId))
      ? await this.repo.createTeam(userId, name, false, Role.Owner)
      : await this.repo.createPersonalTeam(userId, name, Role.Owner);
    if (id === undefined) throw forbidden(Messages.needCoachPlan, 'coach_plan_required');
    return this.get(userId, id);
  }

  /** Delete Coaching: roles 2 and 3 (the button is hidden for role 4). */
  async delete(userId: number, teamId: number): Promise<void> {
    await requireLead(this.repo, teamId, userId);
    const team = await this.repo.findTeam(teamId);
    await this.repo.deleteTeam(teamId);
    await this.storage.remove(team?.avatar ?? null);
  }

  async profile(userId: number, teamId: number): Promise<TeamProfileDto> {
    await requireMembership(this.repo, teamId, userId);
    return presentTeamProfile(await this.team(teamId));
  }

  /** Roles 2 and 3 edit the team's name and picture; checked before a picture is read (404 / 403). */
  async requireProfileEditor(userId: number, teamId: number): Promise<void> {
    await requireLead(this.repo, teamId, userId);
  }

  /** Team name and picture: roles 2 and 3. The picture's type is read from its bytes. */
  async updateProfile(
    userId: number,
    teamId: number,
    input: { name?: string; avatar?: Buffer },
  ): Promise<TeamProfileDto> {
    await requireLead(this.repo, teamId, userId);
    const before = await this.team(teamId);
    const values: { name?: string; avatar?: string } = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.avatar)
      values.avatar = await this.storage.put(`teams/${teamId}`, input.avatar, imageExtension(input.avatar));
    if (Object.keys(values).length) await this.repo.updateTeam(teamId, values);
    if (values.avatar) await this.storage.remove(before.avatar);
    return presentTeamProfile(await this.team(teamId));
  }

  levels() {
    return LEVELS;
  }

  async level(userId: number, teamId: number) {
    await requireMembership(this.repo, teamId, userId);
    return levelById((await this.team(teamId)).level_of_engagement_id);
  }

  /** Only the Super Admin (role 2) changes the level; everyone in the team may view it. */
  async setLevel(userId: number, teamId: number, levelId: number) {
    const m = await requireMembership(this.repo, teamId, userId);
    if (!isOwner(m.role_id)) throw forbidden();
    await this.repo.updateTeam(teamId, { level_of_engagement_id: levelId });
    return levelById(levelId);
  }

  async readWelcomeMessage(userId: number, teamId: number, isRead: boolean): Promise<void> {
    await requireMembership(this.repo, teamId, userId);
    await this.repo.setWelcomeRead(teamId, userId, isRead);
  }

  /** The team row; gone (deleted a moment ago) reads as 404, never a crash. */
  private async team(teamId: number) {
    const team = await this.repo.findTeam(teamId);
    if (!team) throw notFound();
    return team;
  }
}
