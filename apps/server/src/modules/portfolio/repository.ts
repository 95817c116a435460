import { sql, type Kysely } from 'kysely';
import { PostType, Role } from '@rally/contract';
import { dialectOf, groupConcat } from '../../db/dialect.js';
import type { Database, Executor, PortfolioSettingsTable } from '../../db/schema.js';

/** A team the caller leads, with what the portfolio reads of it directly. */
export interface LedTeamRow {
  id: number;
  name: string;
  avatar: string | null;
  created_at: string;
  members_count: number | string;
  /** The newest post and check-in answer (the quiet rule), and the newest activity of any kind. */
  last_post_at: string | null;
  last_answer_at: string | null;
  last_activity_at: string | null;
}

/** A coach's stored settings (absent: the defaults) and their profile's time zone. */
export type SettingsRow = {
  [K in keyof Omit<PortfolioSettingsTable, 'updated_at'>]: PortfolioSettingsTable[K] | null;
} & { timezone: string | null };

/** Check-in answers of a period (mean score) and of the period of the same length just before it. */
export interface HappinessRow {
  mean: number | null;
  prevPeople: number;
  prevMean: number | null;
}

/**
 * The memberships that make someone a lead of an engagement (ADR 0036): role 2 or 3 in a team
 * neither deleted nor personal. One rule for the portfolio's rows and its jobs' coaches.
 */
export const ledMemberships = (db: Kysely<Database>) =>
  db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .where('m.role_id', 'in', [Role.Owner, Role.Admin])
    .where('t.deleted_at', 'is', null)
    .where('t.is_personal', '=', 0);

const num = (v: number | string | null | undefined): number => Number(v ?? 0);

/**
 * The portfolio's reads (ADR 0036): every one covers all the caller's teams at once (`team_id in
 * (…) group by team_id`), so a portfolio is a constant number of queries however many teams it
 * holds; the long periods read the rollups (migration 2026112812) the writers keep (rollups.ts, ADR 0038).
 */
export class PortfolioRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The live, shared teams the user leads (roles 2 and 3), by name, with their counts and last times. */
  ledTeams(userId: number): Promise<LedTeamRow[]> {
    return ledMemberships(this.db)
      .select(['t.id', 't.name', 't.avatar', 't.created_at'])
      .select((eb) => [
        eb
          .selectFrom('team_members as x')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('x.team_id', '=', 't.id')
          .as('members_count'),
        // Each the end of one index range per team, read backwards. The welcome message is not a
        // post of the team's: it is written with the team (its start counts instead).
        eb
          .selectFrom('posts as p')
          .select('p.created_at')
          .whereRef('p.team_id', '=', 't.id')
          .where('p.type_id', '<>', PostType.welcomemessage)
          .orderBy('p.created_at', 'desc')
          .limit(1)
          .as('last_post_at'),
        eb
          .selectFrom('checkin_responses as r')
          .select('r.created_at')
          .whereRef('r.team_id', '=', 't.id')
          .orderBy('r.created_at', 'desc')
          .limit(1)
          .as('last_answer_at'),
        eb
          .selectFrom('team_activity_days as d')
          .select('d.last_at')
          .whereRef('d.team_id', '=', 't.id')
          .orderBy('d.day', 'desc')
          .limit(1)
          .as('last_activity_at'),
      ])
      .where('m.user_id', '=', userId)
      .orderBy('t.name')
      .orderBy('t.id')
      .execute() as Promise<LedTeamRow[]>;
  }

  /**
   * Per team: members (still in it) active since `since` (null: ever) and since `attentionSince`,
   * the people who answered a check-in since `attentionSince`, and every answer ever given in it
   * (people, count, score sum: the All Time meter).
   */
  async memberActivity(teamIds: number[], since: string | null, attentionSince: string) {
    const rows = await this.db
      .selectFrom('team_member_activity as a')
      .leftJoin('team_members as m', (j) => j.onRef('m.team_id', '=', 'a.team_id').onRef('m.user_id', '=', 'a.user_id'))
      .select('a.team_id')
      .select(({ eb, fn }) => {
        const activeSince = (from: string | null) =>
          fn.sum<number>(
            eb
              .case()
              .when(
                from === null
                  ? eb('m.user_id', 'is not', null)
                  : eb.and([eb('m.user_id', 'is not', null), eb('a.last_active_at', '>=', from)]),
              )
              .then(1)
              .else(0)
              .end(),
          );
        return [
          activeSince(since).as('active'),
          activeSince(attentionSince).as('attention_active'),
          // Every period ends now: whoever answered in it last answered at or after its start.
          fn
            .sum<number>(eb.case().when('a.last_answer_at', '>=', attentionSince).then(1).else(0).end())
            .as('attention_people'),
          fn.sum<number>(eb.case().when('a.answers', '>', 0).then(1).else(0).end()).as('people'),
          fn.sum<number>('a.answers').as('answers'),
          fn.sum<number>('a.score_sum').as('score_sum'),
        ];
      })
      .where('a.team_id', 'in', teamIds)
      .groupBy('a.team_id')
      .execute();
    return new Map(
      rows.map((r) => [
        r.team_id,
        {
          active: num(r.active),
          attentionActive: num(r.attention_active),
          attentionPeople: num(r.attention_people),
          people: num(r.people),
          answers: num(r.answers),
          scoreSum: num(r.score_sum),
        },
      ]),
    );
  }

  /**
   * Per team: the mean score of the answers at or after `from`, and the people who answered in
   * [`previousFrom`, `from`) and their mean (the people since `from` come from `memberActivity`).
   */
  async happiness(teamIds: number[], previousFrom: string, from: string): Promise<Map<number, HappinessRow>> {
    const rows = await this.db
      .selectFrom('checkin_responses')
      .select('team_id')
      .select([
        sql<number | null>`avg(case when created_at >= ${from} then score end)`.as('mean'),
        sql<number>`count(distinct case when created_at < ${from} then user_id end)`.as('prev_people'),
        sql<number | null>`avg(case when created_at < ${from} then score end)`.as('prev_mean'),
      ])
      .where('team_id', 'in', teamIds)
      .where('created_at', '>=', previousFrom)
      .groupBy('team_id')
      .execute();
    const mean = (v: number | string | null) => (v === null ? null : Number(v));
    return new Map(
      rows.map((r) => [r.team_id, { mean: mean(r.mean), prevPeople: num(r.prev_people), prevMean: mean(r.prev_mean) }]),
    );
  }

  /** Per team: members asked and answers given, over the check-ins requested since `since` (null: ever). */
  async checkinRates(teamIds: number[], since: string | null) {
    let q = this.db
      .selectFrom('checkins')
      .select('team_id')
      .select((eb) => [
        eb.fn.sum<number>('members_count').as('asked'),
        eb.fn.sum<number>('responses_count').as('given'),
      ])
      .where('team_id', 'in', teamIds);
    if (since) q = q.where('created_at', '>=', since);
    const rows = await q.groupBy('team_id').execute();
    return new Map(rows.map((r) => [r.team_id, { asked: num(r.asked), given: num(r.given) }]));
  }

  /** Per team and kind: team videos and slideshows asked since `since` (null: ever), and their answers. */
  async promptRates(teamIds: number[], since: string | null) {
    let q = this.db
      .selectFrom('prompts')
      .select(['team_id', 'kind'])
      .select((eb) => [eb.fn.countAll<number>().as('prompts'), eb.fn.sum<number>('answers_count').as('answers')])
      .where('team_id', 'in', teamIds);
    if (since) q = q.where('created_at', '>=', since);
    const rows = await q.groupBy(['team_id', 'kind']).execute();
    return rows.map((r) => ({ team_id: r.team_id, kind: r.kind, prompts: num(r.prompts), answers: num(r.answers) }));
  }

  /** Per team: open tasks, and those of them due before `today` (YYYY-MM-DD). */
  async tasks(teamIds: number[], today: string) {
    const rows = await this.db
      .selectFrom('todo_tasks')
      .select('team_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('open'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('due_date', 'is not', null), eb('due_date', '<', today)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('overdue'),
      ])
      .where('team_id', 'in', teamIds)
      .where('status_id', '=', 1)
      .groupBy('team_id')
      .execute();
    return new Map(rows.map((r) => [r.team_id, { open: num(r.open), overdue: num(r.overdue) }]));
  }

  /**
   * The teams' activity per UTC day from `fromDay` (YYYY-MM-DD), one row per team: 'day:count'
   * pairs joined by commas (days without any are absent). A row per day would be 90 a team.
   */
  async activityDays(teamIds: number[], fromDay: string): Promise<Map<number, string>> {
    const pairs = sql<string>`d.day || ':' || d.activity`;
    const rows = await this.db
      .selectFrom('team_activity_days as d')
      .select('d.team_id')
      .select(groupConcat(dialectOf(this.db), pairs, ',').as('days'))
      .where('d.team_id', 'in', teamIds)
      .where('d.day', '>=', fromDay)
      .groupBy('d.team_id')
      .execute();
    return new Map(rows.map((r) => [r.team_id, r.days]));
  }

  /** The user's stored settings (their columns null without a row) and their profile's time zone. */
  settings(userId: number): Promise<SettingsRow | undefined> {
    return this.db
      .selectFrom('users as u')
      .leftJoin('portfolio_settings as s', 's.user_id', 'u.id')
      .leftJoin('profiles as pr', 'pr.user_id', 'u.id')
      .select([
        's.user_id',
        's.happiness_drop',
        's.quiet',
        's.low_participation',
        's.overdue_tasks',
        's.digest_enabled',
        's.digest_day',
        's.digest_hour',
        'pr.timezone',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** The digest columns of the coaches among `userIds` who saved settings (the digest job). */
  digestSettings(userIds: number[]) {
    return this.db
      .selectFrom('portfolio_settings')
      .select(['user_id', 'digest_enabled', 'digest_day', 'digest_hour'])
      .where('user_id', 'in', userIds)
      .execute();
  }

  /**
   * A user's settings: the whole row when they have none yet, else only the `changed` columns
   * (a save of other fields at the same moment keeps its own).
   */
  async saveSettings(
    userId: number,
    values: Omit<PortfolioSettingsTable, 'user_id'>,
    changed: (keyof typeof values)[],
    ex: Executor,
  ): Promise<void> {
    const update = Object.fromEntries(changed.map((key) => [key, values[key]])) as Partial<typeof values>;
    await ex
      .insertInto('portfolio_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(update))
      .execute();
  }
}
