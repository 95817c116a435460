import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CheckinMessages,
  PostType,
  type CheckinAnswerDto,
  type CheckinDto,
  type CheckinMetricsDto,
  type CheckinStatusDto,
  type PostDto,
  type TeamDto,
  type TeamStatsDto,
} from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, seatMembers } from '../../test/teams.js';

const t = useTestApp();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let owner: SignedUpUser;
let admin: SignedUpUser;
let m: SignedUpUser[];

const request = (teamId: number, who: SignedUpUser) => t.api('POST', `user/team/${teamId}/checkin`, {}, who.token);
const answer = (teamId: number, checkinId: number, who: SignedUpUser, body: object) =>
  t.api('POST', `user/team/${teamId}/checkin/${checkinId}`, body, who.token);
async function get<T>(path: string, who: SignedUpUser): Promise<T> {
  const res = await t.api('GET', path, undefined, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}
const metrics = (teamId: number, who: SignedUpUser, from?: string) =>
  get<CheckinMetricsDto>(`user/team/${teamId}/checkin/metrics${from ? `?from_date=${from}` : ''}`, who);

/** A team of the owner, the admin and members (role 4) seated directly. */
async function team(members: SignedUpUser[], withAdmin = true): Promise<TeamDto> {
  const created = await buildTeam(t, owner);
  await seatMembers(t, created.id, [
    ...(withAdmin ? [{ user: admin, role: 3 as const }] : []),
    ...members.map((user) => ({ user, role: 4 as const })),
  ]);
  return created;
}

/** A check-in request through the API: its post and its id. */
async function requested(teamId: number, who: SignedUpUser): Promise<{ post: PostDto; checkinId: number }> {
  const res = await request(teamId, who);
  expect(res.statusCode, res.body).toBe(201);
  const post = res.json<{ data: PostDto }>().data;
  return { post, checkinId: post.data.checkin_id! };
}

/** A check-in written straight to the database at a given time (the 4-hour rule is tested elsewhere). */
async function seedCheckin(teamId: number, who: SignedUpUser, at: Date): Promise<number> {
  const row = await t.db.kysely
    .insertInto('checkins')
    .values({ team_id: teamId, user_id: who.id, post_id: null, members_count: 6, created_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers through the API, then moves the answer to `at` (as if given then). */
async function answered(teamId: number, checkinId: number, who: SignedUpUser, moodId: number, at?: Date, priv = false) {
  const res = await answer(teamId, checkinId, who, { mood_id: moodId, private: priv });
  expect(res.statusCode, res.body).toBe(201);
  if (at)
    await t.db.kysely
      .updateTable('checkin_responses')
      .set({ created_at: at.toISOString() })
      .where('checkin_id', '=', checkinId)
      .where('user_id', '=', who.id)
      .execute();
}

const day = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  const people = await Promise.all(
    ['Olga', 'Adam', 'Mia', 'Max', 'Moe', 'Meg', 'Mel'].map((first_name) =>
      buildUser(t, { first_name, last_name: 'Checkin' }),
    ),
  );
  [owner, admin] = people as [SignedUpUser, SignedUpUser];
  m = people.slice(2);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('requesting a check-in', () => {
  it('puts a checkin post on the timeline, tells the others, and reports when the next may be', async () => {
    const tm = await team([m[0]!]);
    const { post, checkinId } = await requested(tm.id, admin);
    expect(post).toMatchObject({ type: 'checkin', type_id: PostType.checkin, user: { id: admin.id }, team_id: tm.id });
    expect(checkinId).toBeGreaterThan(0);

    const timeline = await get<PostDto[]>(`user/team/${tm.id}/timeline?page=1`, m[0]!);
    expect(timeline[0]).toMatchObject({ id: post.id, type_id: PostType.checkin, data: { checkin_id: checkinId } });

    const status = await get<CheckinStatusDto>(`user/team/${tm.id}/checkin`, m[0]!);
    expect(status.last_checkin_time).toBe(post.created_at);
    expect(Date.parse(status.next_checkin_available!) - Date.parse(post.created_at)).toBe(4 * HOUR);

    await t.app.queue.idle();
    const told = await t.db.kysely
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'checkin.requested')
      .where('team_id', '=', tm.id)
      .execute();
    expect(told.map((r) => r.user_id).sort()).toEqual([owner.id, m[0]!.id].sort());
  });

  it('is refused to members and in a team of one', async () => {
    const tm = await team([m[0]!]);
    const res = await request(tm.id, m[0]!);
    expect(res.statusCode).toBe(403);
    const alone = await buildTeam(t, owner);
    expectInvalid(await request(alone.id, owner), 'checkin', CheckinMessages.needMembers);
    const none = await get<CheckinStatusDto>(`user/team/${alone.id}/checkin`, owner);
    expect(none).toEqual({ last_checkin_time: null, next_checkin_available: null });
  });

  it('is possible again only 4 hours after the last one, whoever asks', async () => {
    const tm = await team([m[0]!]);
    const start = new Date(Date.now() + DAY); // later than any check-in of other tests
    vi.setSystemTime(start);
    await requested(tm.id, owner);

    vi.setSystemTime(new Date(start.getTime() + 4 * HOUR - 1000));
    expectInvalid(await request(tm.id, admin), 'checkin', CheckinMessages.tooSoon);

    vi.setSystemTime(new Date(start.getTime() + 4 * HOUR));
    const again = await requested(tm.id, admin);
    expect(Date.parse(again.post.created_at)).toBe(start.getTime() + 4 * HOUR);
    const rows = await t.db.kysely.selectFrom('checkins').select('id').where('team_id', '=', tm.id).execute();
    expect(rows).toHaveLength(2);
  });
});

describe('answering a check-in', () => {
  it('a private answer (the default) goes to the initiator only; a public one is also a checkin.reply post', async () => {
    const tm = await team([m[0]!, m[1]!]);
    const { checkinId } = await requested(tm.id, owner);

    const before = await get<CheckinDto>(`user/team/${tm.id}/checkin/${checkinId}`, m[0]!);
    expect(before).toMatchObject({ responses_count: 0, max_responses_count: 3, is_responded: false, can_answer: true });

    const quiet = await answer(tm.id, checkinId, m[0]!, { mood_id: 4 });
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(quiet.json()).toEqual({ data: null, message: CheckinMessages.sentTo('Olga Checkin') });
    const stored = await t.db.kysely
      .selectFrom('checkin_responses')
      .selectAll()
      .where('checkin_id', '=', checkinId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ is_private: 1, post_id: null, mood_id: 4, score: 40 });

    const loud = await answer(tm.id, checkinId, m[1]!, { mood_id: 1, private: false });
    expect(loud.statusCode, loud.body).toBe(201);
    const reply = loud.json<{ data: PostDto }>().data;
    expect(reply).toMatchObject({
      type: 'checkin.reply',
      type_id: PostType['checkin.reply'],
      user: { id: m[1]!.id },
      data: { checkin_id: checkinId, mood: { id: 1, name: 'Happy', media: '/static/moods/happy.svg' } },
    });
    const timeline = await get<PostDto[]>(`user/team/${tm.id}/timeline?page=1`, admin);
    expect(timeline.filter((p) => p.type_id === PostType['checkin.reply']).map((p) => p.user.id)).toEqual([m[1]!.id]);

    const after = await get<CheckinDto>(`user/team/${tm.id}/checkin/${checkinId}`, m[0]!);
    expect(after).toMatchObject({ responses_count: 2, is_responded: true, can_answer: false });
    const own = await get<CheckinDto>(`user/team/${tm.id}/checkin/${checkinId}`, owner);
    expect(own).toMatchObject({ is_responded: false, can_answer: false });

    await t.app.queue.idle();
    const told = await t.db.kysely
      .selectFrom('notifications')
      .select(['user_id', 'actor_id'])
      .where('kind', '=', 'checkin.answered')
      .where('team_id', '=', tm.id)
      .execute();
    expect(told).toEqual(
      expect.arrayContaining([
        { user_id: owner.id, actor_id: m[0]!.id },
        { user_id: owner.id, actor_id: m[1]!.id },
      ]),
    );
    expect(told).toHaveLength(2);
  });

  it('once per member, never by the initiator, with a mood of the list', async () => {
    const tm = await team([m[0]!]);
    const { checkinId } = await requested(tm.id, admin);
    await answered(tm.id, checkinId, m[0]!, 2);
    const twice = await answer(tm.id, checkinId, m[0]!, { mood_id: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CheckinMessages.alreadyAnswered);

    const self = await answer(tm.id, checkinId, admin, { mood_id: 1 });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(CheckinMessages.ownCheckin);

    expectInvalid(await answer(tm.id, checkinId, owner, { mood_id: 7 }), 'mood_id', CheckinMessages.moodRequired);
    expectInvalid(await answer(tm.id, checkinId, owner, {}), 'mood_id', CheckinMessages.moodRequired);
    expect((await answer(tm.id, 99999999, owner, { mood_id: 1 })).statusCode).toBe(404);
    const count = await t.db.kysely
      .selectFrom('checkin_responses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('checkin_id', '=', checkinId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('check-in statistics', () => {
  /**
   * Five members answer over four months (scores: Happy 100, Excited 90, Calm 70, Tired 40,
   * Stressed 20, Sad 0):
   *   now        m0 Happy, m1 Calm, m2 Sad
   *   −10 days   m0 Excited, m3 Tired
   *   −45 days   m1 Stressed, m4 Happy
   *   −75 days   m2 Calm
   *   −120 days  m3 Happy, m4 Sad
   */
  let tm: TeamDto;
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  beforeAll(async () => {
    tm = await team(m.slice(0, 5));
    const plan: [number, [number, number][]][] = [
      [
        0,
        [
          [0, 1],
          [1, 3],
          [2, 6],
        ],
      ],
      [
        10,
        [
          [0, 2],
          [3, 4],
        ],
      ],
      [
        45,
        [
          [1, 5],
          [4, 1],
        ],
      ],
      [75, [[2, 3]]],
      [
        120,
        [
          [3, 1],
          [4, 6],
        ],
      ],
    ];
    for (const [days, answers] of plan) {
      const id = await seedCheckin(tm.id, owner, ago(days));
      for (const [who, mood] of answers) await answered(tm.id, id, m[who]!, mood, days ? ago(days) : undefined);
    }
  });

  it.each([
    // filter, from_date, answers, people, check-ins, meter, previous meter
    ['All Time', undefined, 10, 5, 5, 59, undefined],
    ['Today', 0, 3, 3, 1, 57, null],
    ['30 Days', 30, 5, 4, 2, 60, null],
    ['60 Days', 60, 7, 5, 3, 60, 57],
    ['90 Days', 90, 8, 5, 4, 61, null],
  ] as const)('%s: the hand-computed figures', async (_name, days, answers, people, checkins, meter, previous) => {
    const res = await metrics(tm.id, owner, days === undefined ? undefined : day(ago(days)));
    expect(res).toMatchObject({
      engaged_users_count: people,
      total_activities: answers,
      initiated_count: checkins,
      entertained_count: checkins,
      metrics_meter: { meter, hidden: false, hidden_reason: null },
    });
    if (previous === undefined) expect(res.metrics_meter.trend).toBeNull();
    else
      expect(res.metrics_meter.trend).toEqual({
        previous_meter: previous,
        change: previous === null ? null : meter - previous,
        direction: previous === null ? null : 'up',
      });
  });

  it('breaks the answers down by mood and by person', async () => {
    const res = await metrics(tm.id, owner);
    expect(res.metrics_meter.moods.map((x) => [x.name, x.count, x.mood_avg])).toEqual([
      ['Happy', 3, 30],
      ['Excited', 1, 10],
      ['Calm', 2, 20],
      ['Tired', 1, 10],
      ['Stressed', 1, 10],
      ['Sad', 2, 20],
    ]);
    const mia = res.users.find((u) => u.id === m[0]!.id)!;
    expect(mia).toMatchObject({ full_name: 'Mia Checkin', meter: 95, answers_count: 2 });
    expect(mia.moods.map((x) => [x.name, x.count, x.mood_avg])).toEqual([
      ['Happy', 1, 50],
      ['Excited', 1, 50],
    ]);
    expect(res.users).toHaveLength(5);
  });

  it('hides the team’s meter, moods and trend below 3 people, and says why', async () => {
    const small = await team([m[0]!, m[1]!]);
    const { checkinId } = await requested(small.id, owner);
    await answered(small.id, checkinId, m[0]!, 1);
    await answered(small.id, checkinId, m[1]!, 6);
    const res = await metrics(small.id, owner, day(now));
    expect(res).toMatchObject({
      engaged_users_count: 2,
      total_activities: 2,
      metrics_meter: {
        meter: null,
        moods: [],
        hidden: true,
        hidden_reason: CheckinMessages.hiddenBelowFloor(3, 2),
        trend: null,
      },
    });
    await answered(small.id, checkinId, admin, 3);
    const shown = await metrics(small.id, owner, day(now));
    expect(shown.metrics_meter).toMatchObject({ meter: 57, hidden: false }); // (100 + 0 + 70) / 3
    const empty = await metrics((await team([m[0]!])).id, owner);
    expect(empty.metrics_meter).toMatchObject({ meter: null, hidden: true, hidden_reason: CheckinMessages.noAnswers });
  });

  it('shows private answers per person to the check-in’s initiator only', async () => {
    const tm2 = await team([m[0]!, m[1]!, m[2]!]);
    const { checkinId } = await requested(tm2.id, owner);
    await answered(tm2.id, checkinId, m[0]!, 1, undefined, true);
    await answered(tm2.id, checkinId, m[1]!, 3, undefined, false);
    await answered(tm2.id, checkinId, m[2]!, 6, undefined, true);
    const adminsOwn = await seedCheckin(tm2.id, admin, new Date(now.getTime() - HOUR));
    await answered(tm2.id, adminsOwn, m[0]!, 2, undefined, true);

    const ids = (r: CheckinMetricsDto) => r.users.map((u) => u.id).sort();
    const byOwner = await metrics(tm2.id, owner);
    const byAdmin = await metrics(tm2.id, admin);
    expect(ids(byOwner)).toEqual([m[0]!.id, m[1]!.id, m[2]!.id].sort());
    expect(byOwner.users.find((u) => u.id === m[0]!.id)).toMatchObject({ meter: 100, answers_count: 1 });
    // The admin sees the public answer, and the private answer to their own check-in only.
    expect(ids(byAdmin)).toEqual([m[0]!.id, m[1]!.id].sort());
    expect(byAdmin.users.find((u) => u.id === m[0]!.id)).toMatchObject({ meter: 90, answers_count: 1 });
    // Both count every answer in the team's figures: (100 + 70 + 0 + 90) / 4.
    expect(byOwner.metrics_meter.meter).toBe(65);
    expect(byAdmin.metrics_meter.meter).toBe(65);

    const detail = async (who: SignedUpUser) => {
      const res = await t.api('GET', `user/team/${tm2.id}/checkin/metrics/detail?page=1`, undefined, who.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: CheckinAnswerDto[]; meta: { total: number } }>();
    };
    const ownerList = await detail(owner);
    expect(ownerList.meta.total).toBe(3);
    expect(ownerList.data.filter((a) => a.is_private)).toHaveLength(2);
    const adminList = await detail(admin);
    // Newest first: m0's answer to the admin's check-in came last.
    expect(adminList.data.map((a) => [a.user.id, a.mood.name, a.is_private])).toEqual([
      [m[0]!.id, 'Excited', true],
      [m[1]!.id, 'Calm', false],
    ]);
    expect(adminList.meta.total).toBe(2);
  });

  it('pages the details', async () => {
    const page = async (n: number) => {
      const res = await t.api(
        'GET',
        `user/team/${tm.id}/checkin/metrics/detail?page=${n}&per_page=4`,
        undefined,
        owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: CheckinAnswerDto[]; meta: { last_page: number; total: number } }>();
    };
    const [p1, p3] = [await page(1), await page(3)];
    expect(p1.meta).toMatchObject({ total: 10, last_page: 3 });
    expect(p1.data).toHaveLength(4);
    expect(p3.data).toHaveLength(2);
    expect(p3.data.at(-1)!.created_at.slice(0, 10)).toBe(day(ago(120)));
  });

  it('refuses a date that is not YYYY-MM-DD, and members', async () => {
    for (const bad of ['yesterday', '2026-02-30', '2026-1-5']) {
      const res = await t.api('GET', `user/team/${tm.id}/checkin/metrics?from_date=${bad}`, undefined, owner.token);
      expectInvalid(res, 'from_date', CheckinMessages.fromDateInvalid);
      const stats = await t.api('GET', `user/team/${tm.id}/stats?from_date=${bad}`, undefined, owner.token);
      expectInvalid(stats, 'from_date', CheckinMessages.fromDateInvalid);
    }
    expect((await t.api('GET', `user/team/${tm.id}/checkin/metrics`, undefined, m[0]!.token)).statusCode).toBe(403);
  });
});

describe('the period in the viewer’s time zone (tz)', () => {
  /** A team of three members; each `[member, at]` answers a check-in of its own made an hour before. */
  async function answersAt(plan: [number, string][]): Promise<TeamDto> {
    const tm = await team(m.slice(0, 3), false);
    for (const [who, at] of plan) {
      const id = await seedCheckin(tm.id, owner, new Date(Date.parse(at) - HOUR));
      await answered(tm.id, id, m[who]!, 1, new Date(at), true); // private: no reply post of today
    }
    // Posts made while setting the team up (today) would make their authors active in any period.
    await t.db.kysely
      .updateTable('posts')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where('team_id', '=', tm.id)
      .execute();
    return tm;
  }
  /** Answers counted from `from_date` by metrics, the details' total and the team stats' active members. */
  async function counted(teamId: number, query: string) {
    const stats = await get<CheckinMetricsDto>(`user/team/${teamId}/checkin/metrics?${query}`, owner);
    const res = await t.api(
      'GET',
      `user/team/${teamId}/checkin/metrics/detail?page=1&${query}`,
      undefined,
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const team = await get<TeamStatsDto>(`user/team/${teamId}/stats?${query}`, owner);
    return [stats.total_activities, res.json<{ meta: { total: number } }>().meta.total, team.active_members_count];
  }

  it('starts "Today" at local midnight: 00:30 in Auckland (UTC+13) is 11:30 UTC the day before', async () => {
    // 2026-03-11 00:30 and 2026-03-10 23:30 in Auckland (NZDT).
    const tm = await answersAt([
      [0, '2026-03-10T11:30:00.000Z'],
      [1, '2026-03-10T10:30:00.000Z'],
    ]);
    expect(await counted(tm.id, 'from_date=2026-03-11&tz=Pacific/Auckland')).toEqual([1, 1, 1]);
    expect(await counted(tm.id, 'from_date=2026-03-10&tz=Pacific/Auckland')).toEqual([2, 2, 2]);
    expect(await counted(tm.id, 'from_date=2026-03-11&tz=pacific/auckland')).toEqual([1, 1, 1]);
    // In UTC, or with no tz (clients before it), the day starts at 00:00 UTC as before.
    expect(await counted(tm.id, 'from_date=2026-03-11&tz=UTC')).toEqual([0, 0, 0]);
    expect(await counted(tm.id, 'from_date=2026-03-11')).toEqual([0, 0, 0]);
    expect(await counted(tm.id, 'from_date=2026-03-11&tz=')).toEqual([0, 0, 0]);
    expect(await counted(tm.id, 'from_date=2026-03-10')).toEqual([2, 2, 2]);
  });

  it('counts the evening before out west: 21:00 in Los Angeles (UTC−8) is 05:00 UTC the next day', async () => {
    const tm = await answersAt([[0, '2026-02-11T05:00:00.000Z']]); // 2026-02-10 21:00 PST
    expect(await counted(tm.id, 'from_date=2026-02-11&tz=America/Los_Angeles')).toEqual([0, 0, 0]);
    expect(await counted(tm.id, 'from_date=2026-02-10&tz=America/Los_Angeles')).toEqual([1, 1, 1]);
    expect(await counted(tm.id, 'from_date=2026-02-11')).toEqual([1, 1, 1]);
  });

  it('follows a DST change: the day after clocks go forward starts at 07:00 UTC in Los Angeles, not 08:00', async () => {
    // Clocks went forward on 2026-03-08; midnight of the 9th is 00:00 PDT = 07:00 UTC.
    const tm = await answersAt([
      [0, '2026-03-09T07:30:00.000Z'], // 00:30 PDT on the 9th
      [1, '2026-03-09T06:30:00.000Z'], // 23:30 PDT on the 8th
    ]);
    expect(await counted(tm.id, 'from_date=2026-03-09&tz=America/Los_Angeles')).toEqual([1, 1, 1]);
    // The 8th itself began at 00:00 PST = 08:00 UTC, before the change.
    expect(await counted(tm.id, 'from_date=2026-03-08&tz=America/Los_Angeles')).toEqual([2, 2, 2]);
    expect(await counted(tm.id, 'from_date=2026-03-09')).toEqual([2, 2, 2]);
  });

  it('refuses a tz that is not an IANA time zone, on every statistics call', async () => {
    const tm = await team([m[0]!], false);
    for (const bad of ['Mars/Olympus', 'Europe/Berlinn', '+05:00', 'local']) {
      const q = `from_date=2026-03-11&tz=${encodeURIComponent(bad)}`;
      for (const path of ['checkin/metrics', 'checkin/metrics/detail', 'stats']) {
        const res = await t.api('GET', `user/team/${tm.id}/${path}?page=1&${q}`, undefined, owner.token);
        expectInvalid(res, 'tz', CheckinMessages.tzInvalid);
      }
    }
  });
});

describe('team statistics', () => {
  it('counts the period’s posts, reactions, comments and active members', async () => {
    const tm = await team([m[0]!, m[1]!], false);
    const stats = (from?: string) =>
      get<TeamStatsDto>(`user/team/${tm.id}/stats${from ? `?from_date=${from}` : ''}`, owner);
    const base = await stats();
    expect(base).toMatchObject({ reactions_count: 0, comments_count: 0, members_count: 3 });

    const post = await t.api(
      'POST',
      `user/team/${tm.id}/posts`,
      { content: 'Stats day', media_type: 'text' },
      owner.token,
    );
    expect(post.statusCode).toBe(201);
    const postId = post.json<{ data: PostDto }>().data.id;
    expect(
      (await t.api('POST', `user/team/${tm.id}/post/${postId}/buzz?buzz_type_id=7`, undefined, m[0]!.token)).statusCode,
    ).toBe(200);
    expect(
      (await t.api('POST', `user/team/${tm.id}/post/${postId}/expression`, { content: 'Nice one' }, m[0]!.token))
        .statusCode,
    ).toBe(201);

    const now = await stats(day(new Date()));
    expect(now).toEqual({
      posts_count: base.posts_count + 1,
      reactions_count: 1,
      comments_count: 1,
      active_members_count: 2, // the owner and m0; m1 did nothing
      members_count: 3,
      videos_count: 0,
      video_responses_count: 0,
      slideshows_count: 0,
      slideshow_responses_count: 0,
    });
    const later = await stats(day(new Date(Date.now() + 2 * DAY)));
    expect(later).toEqual({
      posts_count: 0,
      reactions_count: 0,
      comments_count: 0,
      active_members_count: 0,
      members_count: 3,
      videos_count: 0,
      video_responses_count: 0,
      slideshows_count: 0,
      slideshow_responses_count: 0,
    });
  });
});
