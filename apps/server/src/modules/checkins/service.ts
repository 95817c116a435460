import {
  CHECKIN_ANONYMITY_FLOOR,
  CheckinMessages,
  Paging,
  PostType,
  Timing,
  moodById,
  type CheckinAnswerDto,
  type CheckinDto,
  type CheckinMetricsDto,
  type CheckinStatusDto,
  type FromDateQuery,
  type PageMeta,
  type PostDto,
  type TeamStatsDto,
} from '@rally/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { paged } from '../../http/envelope.js';
import { conflict, forbidden, notFound, validation } from '../../http/errors.js';
import { startOfZonedDay } from '../../lib/zoned-day.js';
import { recordEvent, transact } from '../../events/log.js';
import { presentPerson, type UrlOf } from '../engagement/presenter.js';
import { fullName } from '../members/presenter.js';
import type { TeamAccess } from '../members/team-access.js';
import { moodRef, moodShares, percent, presentCheckin, presentNewPost, presentUsers } from './presenter.js';
import type { CheckinsRepository, Period } from './repository.js';

export interface CheckinsDeps {
  /** The database (the service opens its transactions on it). */
  db: Kysely<Database>;
  repo: CheckinsRepository;
  access: TeamAccess;
  /** Stored avatar keys → signed URLs. */
  urlOf: UrlOf;
  /** The clock of the 4-hour rule and of the statistics' periods. */
  now?: () => Date;
}

/**
 * `from_date` (YYYY-MM-DD, validated by the contract) as the ISO instant its day starts: local
 * midnight in the viewer's `tz`, whose web client counts days in its own calendar; 00:00 UTC
 * without one (older clients).
 */
export const startOf = ({ from_date, tz }: FromDateQuery): string | null =>
  !from_date ? null : tz ? startOfZonedDay(from_date, tz).toISOString() : `${from_date}T00:00:00.000Z`;

/** Requesting and answering check-ins, their statistics and the team's (decisions.md "Check-ins"). */
export class CheckinsService {
  private readonly now: () => Date;
  constructor(private readonly deps: CheckinsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** When the last check-in was requested and when the next one may be. Any member reads it. */
  async status(userId: number, teamId: number): Promise<CheckinStatusDto> {
    await this.deps.access.viewer(userId, teamId);
    const last = await this.deps.repo.latest(teamId);
    return {
      last_checkin_time: last?.created_at ?? null,
      next_checkin_available: last
        ? new Date(Date.parse(last.created_at) + Timing.checkinIntervalMs).toISOString()
        : null,
    };
  }

  /**
   * A lead asks every other member for their mood: a `checkin` post on the timeline. Not in a
   * team of one, and not within 4 hours of the team's last request (checked under the team's
   * row lock, so two leads asking at once make one check-in).
   */
  async request(userId: number, teamId: number): Promise<PostDto> {
    const { repo, access } = this.deps;
    await access.require(userId, teamId, 'checkin.request');
    const now = this.now();
    return transact(this.deps.db, async (trx) => {
      await repo.lockTeam(trx, teamId);
      const members = await repo.membersCount(teamId, trx);
      if (members < 2) throw validation({ checkin: [CheckinMessages.needMembers] });
      const last = await repo.latest(teamId, trx);
      if (last && now.getTime() - Date.parse(last.created_at) < Timing.checkinIntervalMs)
        throw validation({ checkin: [CheckinMessages.tooSoon] });
      const created_at = now.toISOString();
      const post = await repo.insertPost(trx, {
        team_id: teamId,
        user_id: userId,
        type_id: PostType.checkin,
        text: CheckinMessages.question,
        created_at,
      });
      const checkinId = await repo.insertCheckin(trx, {
        team_id: teamId,
        user_id: userId,
        post_id: post,
        members_count: members - 1,
        created_at,
      });
      await repo.setPostExtra(trx, post, { checkin_id: checkinId });
      const presented = await this.presentPost(post, trx);
      await recordEvent(trx, { type: 'checkin.requested', team_id: teamId, actor_id: userId, post: presented });
      return presented;
    });
  }

  /** One check-in as the viewer sees it: answers so far, and whether they may answer. */
  async get(userId: number, teamId: number, checkinId: number): Promise<CheckinDto> {
    await this.deps.access.viewer(userId, teamId);
    const row = await this.deps.repo.view(teamId, checkinId, userId);
    if (!row) throw notFound();
    return presentCheckin(row, userId, this.deps.urlOf);
  }

  /**
   * A member's answer, once per check-in and never to one's own. A private answer (the default)
   * reaches the initiator and the statistics only; a public one is also a `checkin.reply` post.
   */
  async answer(
    userId: number,
    teamId: number,
    checkinId: number,
    input: { mood_id: number; private: boolean },
  ): Promise<{ post: PostDto | null; message: string }> {
    const { repo, access } = this.deps;
    await access.viewer(userId, teamId);
    const checkin = await repo.view(teamId, checkinId, userId);
    if (!checkin) throw notFound();
    if (checkin.user_id === userId) throw forbidden(CheckinMessages.ownCheckin);
    if (Number(checkin.responded) > 0) throw conflict(CheckinMessages.alreadyAnswered, 'already_answered');
    const mood = moodById(input.mood_id)!;
    const created_at = this.now().toISOString();
    const post = await transact(this.deps.db, async (trx) => {
      // A public answer's post first: every write to a team's timeline and rollups then takes
      // their rows in one order (the posts, their counts, the rollups), so two on PostgreSQL
      // cannot wait for each other.
      const post = input.private
        ? null
        : await repo.insertPost(trx, {
            team_id: teamId,
            user_id: userId,
            type_id: PostType['checkin.reply'],
            text: null,
            created_at,
          });
      if (post !== null) await repo.setPostExtra(trx, post, { checkin_id: checkinId, mood: moodRef(mood.id) });
      await repo.insertResponse(trx, {
        checkin_id: checkinId,
        team_id: teamId,
        user_id: userId,
        mood_id: mood.id,
        score: mood.score,
        is_private: input.private ? 1 : 0,
        created_at,
        post_id: post,
      });
      const answered = {
        type: 'checkin.answered',
        team_id: teamId,
        actor_id: userId,
        checkin_id: checkinId,
      } as const;
      const presented = post === null ? null : await this.presentPost(post, trx);
      await recordEvent(trx, { ...answered, initiator_id: checkin.user_id, post: presented });
      return presented;
    }).catch((err: unknown) => {
      // Two answers at once: the unique index lets one through.
      if (isUniqueViolation(err)) throw conflict(CheckinMessages.alreadyAnswered, 'already_answered');
      throw err;
    });
    return { post, message: CheckinMessages.sentTo(fullName(checkin)) };
  }

  /**
   * Check-in stats of a period (spec §3). The team's meter, moods and trend only when at least
   * `CHECKIN_ANONYMITY_FLOOR` people answered; per-user meters over the answers the viewer may
   * see one by one (public ones, and private ones to their own check-ins).
   */
  async metrics(userId: number, teamId: number, q: FromDateQuery): Promise<CheckinMetricsDto> {
    const { repo, access, urlOf } = this.deps;
    await access.require(userId, teamId, 'stats.view');
    const period: Period = { from: startOf(q) };
    const [totals, moods, initiated, userRows, trend] = await Promise.all([
      repo.answerTotals(teamId, period),
      repo.moodCounts(teamId, period),
      repo.initiatedCount(teamId, period),
      repo.userMoods(teamId, userId, period),
      this.previousMeter(teamId, period.from),
    ]);
    const hidden = totals.people < CHECKIN_ANONYMITY_FLOOR;
    const meter = hidden || totals.mean === null ? null : percent(totals.mean);
    const change = meter !== null && trend !== null ? meter - trend : null;
    return {
      engaged_users_count: totals.people,
      total_activities: totals.answers,
      initiated_count: initiated,
      entertained_count: totals.checkins,
      metrics_meter: {
        meter,
        moods: hidden ? [] : moodShares(moods, totals.answers),
        hidden,
        hidden_reason: !hidden
          ? null
          : totals.people === 0
            ? CheckinMessages.noAnswers
            : CheckinMessages.hiddenBelowFloor(CHECKIN_ANONYMITY_FLOOR, totals.people),
        trend:
          hidden || period.from === null
            ? null
            : {
                previous_meter: trend,
                change,
                direction: change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
              },
      },
      users: presentUsers(userRows, urlOf),
    };
  }

  /** The 'View Details' list: the answers the viewer may see one by one, newest first. */
  async detail(
    userId: number,
    teamId: number,
    q: FromDateQuery & { page: number; per_page?: number | undefined },
  ): Promise<{ data: CheckinAnswerDto[]; meta: PageMeta }> {
    const { repo, access, urlOf } = this.deps;
    await access.require(userId, teamId, 'stats.view');
    const perPage = q.per_page ?? Paging.defaultPerPage;
    const { rows, total } = await repo.visibleAnswers(
      teamId,
      userId,
      { from: startOf(q) },
      perPage,
      (q.page - 1) * perPage,
    );
    const data = rows.map((r) => ({
      id: r.id,
      checkin_id: r.checkin_id,
      user: presentPerson({ ...r, id: r.user_id }, urlOf),
      mood: moodRef(r.mood_id),
      is_private: Number(r.is_private) === 1,
      created_at: r.created_at,
    }));
    return paged(data, q.page, perPage, total);
  }

  /**
   * The Team Statistics dialog: posts, reactions, comments, active members, team videos and
   * slideshows and their answers of the period.
   */
  async teamStats(userId: number, teamId: number, q: FromDateQuery): Promise<TeamStatsDto> {
    await this.deps.access.require(userId, teamId, 'stats.view');
    return this.deps.repo.teamStats(teamId, { from: startOf(q) });
  }

  /**
   * The meter of the period of the same length just before `from` (null for All Time or too few
   * answers). `from` is already the zoned start, so the previous period ends at that local midnight.
   */
  private async previousMeter(teamId: number, from: string | null): Promise<number | null> {
    if (from === null) return null;
    const start = Date.parse(from);
    const length = Math.max(0, this.now().getTime() - start);
    const prev = await this.deps.repo.answerTotals(teamId, {
      from: new Date(start - length).toISOString(),
      to: from,
    });
    return prev.people < CHECKIN_ANONYMITY_FLOOR || prev.mean === null ? null : percent(prev.mean);
  }

  private async presentPost(postId: number, trx: Transaction<Database>): Promise<PostDto> {
    const row = await this.deps.repo.newPost(postId, trx);
    if (!row) throw notFound();
    return presentNewPost(row, this.deps.urlOf);
  }
}
