import {
  CHECKIN_ANONYMITY_FLOOR,
  PortfolioLimits,
  PortfolioMessages,
  type AttentionRules,
  type FromDateQuery,
  type PortfolioRowDto,
  type PortfolioSettingsDto,
  type PortfolioSettingsInput,
} from '@rally/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { transact } from '../../events/log.js';
import { forbidden } from '../../http/errors.js';
import { DAY } from '../../lib/clock.js';
import { zonedDayOf } from '../../lib/zoned-day.js';
import { startOf } from '../checkins/service.js';
import { percent } from '../checkins/presenter.js';
import type { UrlOf } from '../engagement/presenter.js';
import { attentionOf, presentSettings, rateOf, settingsColumns } from './presenter.js';
import type { PortfolioRepository } from './repository.js';

export interface PortfolioDeps {
  /** The database (the service opens its transactions on it). */
  db: Kysely<Database>;
  repo: PortfolioRepository;
  /** Stored team pictures → signed URLs. */
  urlOf: UrlOf;
  now?: () => Date;
}

/** A calendar day (YYYY-MM-DD) moved by `days`. */
const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY);

/** The meter of a period: the mean score as a percent, null under the anonymity floor. */
const meterOf = (people: number, mean: number | null): number | null =>
  people < CHECKIN_ANONYMITY_FLOOR || mean === null ? null : percent(mean);

/**
 * The coach's portfolio (issue 26, ADR 0036): one row per team the caller leads, its figures over
 * the period viewed and the "needs attention" rules of their settings.
 */
export class PortfolioService {
  private readonly now: () => Date;
  constructor(private readonly deps: PortfolioDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The rows the weekly digest and the nudges read (ADR 0037): the last `attentionWindowDays` days
   * (UTC days) against the same length before, so the digest shows a trend.
   */
  recentRows(userId: number): Promise<PortfolioRowDto[]> {
    const today = this.now().toISOString().slice(0, 10);
    return this.rows(userId, { from_date: addDays(today, -PortfolioLimits.attentionWindowDays) });
  }

  /**
   * Every team the caller leads, by name: 403 when they lead none. `rules` default to the
   * caller's saved ones. A constant number of queries, however many teams.
   */
  async rows(userId: number, q: FromDateQuery, rules?: AttentionRules): Promise<PortfolioRowDto[]> {
    const { repo, urlOf } = this.deps;
    const [teams, saved] = await Promise.all([
      repo.ledTeams(userId),
      rules ? undefined : this.settings(userId).then((s) => s.rules),
    ]);
    if (teams.length === 0) throw forbidden(PortfolioMessages.notALead);
    const ruleSet = rules ?? saved!;

    const now = this.now();
    const nowMs = now.getTime();
    const todayUtc = now.toISOString().slice(0, 10);
    const today = q.tz ? zonedDayOf(now, q.tz) : todayUtc;
    const from = startOf(q);
    // The rules' period: the one viewed, or with All Time the time filters' last 30 days.
    const attentionFrom =
      from ?? startOf({ from_date: addDays(today, -PortfolioLimits.attentionWindowDays), tz: q.tz })!;
    const attentionLength = Math.max(0, nowMs - Date.parse(attentionFrom));
    const previousFrom = new Date(Date.parse(attentionFrom) - attentionLength).toISOString();
    // The sparkline's days (UTC days: ADR 0036), ending today.
    const days = Math.min(
      PortfolioLimits.sparklineMaxDays,
      Math.max(PortfolioLimits.sparklineMinDays, q.from_date ? daysBetween(q.from_date, today) + 1 : Infinity),
    );
    const firstDay = addDays(todayUtc, 1 - days);

    const ids = teams.map((t) => t.id);
    const [members, happiness, checkins, prompts, tasks, activity] = await Promise.all([
      repo.memberActivity(ids, from, attentionFrom),
      repo.happiness(ids, previousFrom, attentionFrom),
      repo.checkinRates(ids, from),
      repo.promptRates(ids, from),
      repo.tasks(ids, today),
      repo.activityDays(ids, firstDay),
    ]);
    const dates = Array.from({ length: days }, (_, i) => addDays(firstDay, i));
    const dayIndex = new Map(dates.map((d, i) => [d, i]));
    const countsOf = (packed: string | undefined) => {
      const counts = new Array<number>(days).fill(0);
      for (const pair of packed ? packed.split(',') : []) {
        const i = dayIndex.get(pair.slice(0, 10));
        if (i !== undefined) counts[i] = Number(pair.slice(11));
      }
      return dates.map((date, i) => ({ date, count: counts[i]! }));
    };

    return teams.map((team) => {
      const membersCount = Number(team.members_count);
      const share = (active: number) => (membersCount ? Math.min(100, Math.round((active * 100) / membersCount)) : 0);
      const m = members.get(team.id);
      const h = happiness.get(team.id);
      const attentionMeter = h ? meterOf(m?.attentionPeople ?? 0, h.mean) : null;
      const previousMeter = h ? meterOf(h.prevPeople, h.prevMean) : null;
      // All Time: every answer ever given, from the rollup (no trend).
      const meter = from ? attentionMeter : m && m.answers ? meterOf(m.people, m.scoreSum / m.answers) : null;
      const trend = from && meter !== null && previousMeter !== null ? meter - previousMeter : null;
      const lastHeard = [team.last_post_at, team.last_answer_at, team.created_at].reduce((a, b) =>
        b !== null && (a === null || b > a) ? b : a,
      )!;
      const rate = (kind: 'video' | 'slideshow') => {
        const p = prompts.find((r) => r.team_id === team.id && r.kind === kind);
        return p ? rateOf(p.answers, p.prompts * Math.max(0, membersCount - 1)) : null;
      };
      const c = checkins.get(team.id);
      const t = tasks.get(team.id) ?? { open: 0, overdue: 0 };
      return {
        team: { id: team.id, name: team.name, avatar: urlOf(team.avatar) },
        members_count: membersCount,
        happiness: { meter, trend },
        participation: share(m?.active ?? 0),
        checkin_response_rate: c ? rateOf(c.given, c.asked) : null,
        tasks: t,
        video_response_rate: rate('video'),
        slideshow_response_rate: rate('slideshow'),
        last_activity_at: team.last_activity_at,
        activity: countsOf(activity.get(team.id)),
        attention: attentionOf(
          {
            members: membersCount,
            meter: attentionMeter,
            previousMeter,
            quietDays: Math.floor((nowMs - Date.parse(lastHeard)) / DAY),
            participation: share(m?.attentionActive ?? 0),
            overdue: t.overdue,
          },
          ruleSet,
        ),
      };
    });
  }

  /** The caller's rules and digest (the contract's defaults until they save), and their time zone. */
  async settings(userId: number): Promise<PortfolioSettingsDto> {
    return presentSettings(await this.deps.repo.settings(userId));
  }

  /**
   * Saves what the input gives over the current settings; answers the whole. Only the columns
   * given are written over a stored row, so two saves of different fields at once both hold.
   */
  async updateSettings(userId: number, input: PortfolioSettingsInput): Promise<PortfolioSettingsDto> {
    const current = await this.settings(userId);
    const given = <T extends object>(part: T | undefined) =>
      Object.fromEntries(Object.entries(part ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
    const rules = given(input.rules);
    const digest = given(input.digest);
    const next = { rules: { ...current.rules, ...rules }, digest: { ...current.digest, ...digest } };
    const changed = [
      ...Object.keys(rules),
      ...Object.keys(digest).map((key) => `digest_${key}`),
      'updated_at',
    ] as (keyof ReturnType<typeof settingsColumns>)[];
    const columns = settingsColumns(next, this.now().toISOString());
    await transact(this.deps.db, (trx) => this.deps.repo.saveSettings(userId, columns, changed, trx));
    return this.settings(userId);
  }
}
