import { describe, expect, it } from 'vitest';
import {
  AttentionRuleLimits,
  PortfolioLimits,
  PortfolioMessages,
  PostType,
  attentionSentence,
  type AttentionRules,
  type PortfolioRowDto,
  type PortfolioSettingsDto,
} from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { CheckinsRepository } from '../checkins/repository.js';
import { PromptsRepository } from '../prompts/repository.js';
import { portfolioActivity } from './rollups.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, seatMembers, writePost } from '../../test/teams.js';

const t = useTestApp();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const OFF: AttentionRules = { happiness_drop: null, quiet: null, low_participation: null, overdue_tasks: null };

const portfolio = (who: SignedUpUser, query = '') => t.api('GET', `user/portfolio${query}`, undefined, who.token);
async function rows(who: SignedUpUser, query = ''): Promise<PortfolioRowDto[]> {
  const res = await portfolio(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PortfolioRowDto[] }>().data;
}
async function saveRules(who: SignedUpUser, rules: Partial<AttentionRules>) {
  const res = await t.api('PUT', 'user/portfolio/settings', { rules }, who.token);
  expect(res.statusCode, res.body).toBe(200);
}

/** A coach with one team of `members` more people (role 4), its start moved `age` into the past. */
async function coachWithTeam(members = 4, age = 200 * DAY) {
  const coach = await buildUser(t, { first_name: 'Coach' });
  const people = await Promise.all(Array.from({ length: members }, () => buildUser(t, { first_name: 'Member' })));
  const team = await buildTeam(t, coach);
  if (people.length)
    await seatMembers(
      t,
      team.id,
      people.map((user) => ({ user, role: 4 as const })),
    );
  await t.db.kysely
    .updateTable('teams')
    .set({ created_at: ago(age).toISOString() })
    .where('id', '=', team.id)
    .execute();
  return { coach, people, teamId: team.id };
}

// Activity written at given times as the modules write it: the rows, and the rollups told in the
// same transaction (the posts module's insertPost, the check-ins and prompts repositories; a
// reaction or comment as the engagement module tells the portfolio).
const post = (teamId: number, who: SignedUpUser, at: Date, type_id: number = PostType.text) =>
  writePost(t, { team_id: teamId, user_id: who.id, type_id, text: 'hello', created_at: at.toISOString() });
const engaged = async (postId: number, who: SignedUpUser, at: Date) => {
  const { team_id } = await t.db.kysely
    .selectFrom('posts')
    .select('team_id')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  await portfolioActivity.engaged(t.db.kysely, {
    subject: 'post',
    team_id,
    user_id: who.id,
    created_at: at.toISOString(),
  });
};
const react = async (postId: number, who: SignedUpUser, at: Date) => {
  await t.db.kysely
    .insertInto('reactions')
    .values({ post_id: postId, task_id: null, user_id: who.id, buzz_type_id: 7, created_at: at.toISOString() })
    .execute();
  await engaged(postId, who, at);
};
const comment = async (postId: number, who: SignedUpUser, at: Date) => {
  await t.db.kysely
    .insertInto('comments')
    .values({
      post_id: postId,
      task_id: null,
      user_id: who.id,
      content: 'nice',
      media_key: null,
      media_type_id: 1,
      created_at: at.toISOString(),
    })
    .execute();
  await engaged(postId, who, at);
};
async function checkin(teamId: number, lead: SignedUpUser, at: Date, asked: number) {
  const row = await t.db.kysely
    .insertInto('checkins')
    .values({ team_id: teamId, user_id: lead.id, post_id: null, members_count: asked, created_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const answer = (checkinId: number, teamId: number, who: SignedUpUser, score: number, at: Date, priv = 1) =>
  t.db.kysely.transaction().execute((trx) =>
    new CheckinsRepository(t.db.kysely).insertResponse(trx, {
      checkin_id: checkinId,
      team_id: teamId,
      user_id: who.id,
      mood_id: 1,
      score,
      is_private: priv,
      created_at: at.toISOString(),
    }),
  );
/** One answer per person, each to its own check-in (the scores in order), all at `at`. */
async function answers(teamId: number, lead: SignedUpUser, people: SignedUpUser[], scores: number[], at: Date) {
  const id = await checkin(teamId, lead, at, people.length);
  for (const [i, score] of scores.entries()) await answer(id, teamId, people[i]!, score, at);
}
async function prompt(teamId: number, lead: SignedUpUser, kind: 'video' | 'slideshow', at: Date) {
  const postId = await post(teamId, lead, at, kind === 'video' ? PostType.teamvideo : PostType.slideshow);
  const row = await t.db.kysely
    .insertInto('prompts')
    .values({
      team_id: teamId,
      post_id: postId,
      kind,
      user_id: lead.id,
      topic: 'Say hi',
      content: null,
      media_key: null,
      published_at: null,
      created_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const promptAnswer = (promptId: number, who: SignedUpUser, position: number, at: Date) =>
  t.db.kysely.transaction().execute((trx) =>
    new PromptsRepository(t.db.kysely).insertResponses(trx, [
      {
        prompt_id: promptId,
        user_id: who.id,
        media_key: `k/${promptId}/${who.id}/${position}`,
        media_type: 'photo',
        caption: null,
        position,
        hidden_at: null,
        hidden_by: null,
        created_at: at.toISOString(),
      },
    ]),
  );
async function task(teamId: number, who: SignedUpUser, due_date: string | null, status_id = 1) {
  const list = await t.db.kysely
    .insertInto('todo_lists')
    .values({ team_id: teamId, user_id: who.id, name: 'List', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('todo_tasks')
    .values({
      todo_list_id: list.id,
      team_id: teamId,
      user_id: who.id,
      description: 'Do it',
      priority: null,
      due_date,
      media_key: null,
      media_type_id: null,
      status_id,
      completed_by: null,
      completed_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** `from_date` of the time filters' "N Days" (UTC calendar, no tz). */
const fromDays = (n: number) => `?from_date=${dayOf(ago(n * DAY))}`;
/** The instant a "N Days" period starts at (00:00 UTC of its first day). */
const startOfDays = (n: number) => Date.parse(`${dayOf(ago(n * DAY))}T00:00:00.000Z`);

describe('GET user/portfolio: who', () => {
  it('is 401 without a session and 403 for someone who leads no team (their personal team does not count)', async () => {
    expect((await t.api('GET', 'user/portfolio')).statusCode).toBe(401);
    const { people } = await coachWithTeam(1);
    const res = await portfolio(people[0]!);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: PortfolioMessages.notALead });
  });

  it('lists every live team the caller leads as owner or admin, by name; not deleted ones', async () => {
    const coach = await buildUser(t);
    const other = await buildUser(t);
    const b = await buildTeam(t, coach, 'Bravo');
    const a = await buildTeam(t, coach, 'Alpha');
    const gone = await buildTeam(t, coach, 'Aardvark');
    await t.db.kysely
      .updateTable('teams')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const admined = await buildTeam(t, other, 'Charlie');
    await seatMembers(t, admined.id, [{ user: coach, role: 3 }]);
    const membered = await buildTeam(t, other, 'Delta');
    await seatMembers(t, membered.id, [{ user: coach, role: 4 }]);
    expect((await rows(coach)).map((r) => r.team.id)).toEqual([a.id, b.id, admined.id]);
  });
});

describe('GET user/portfolio: figures', () => {
  it('participation, response rates, tasks, last activity and the daily activity of the period', async () => {
    const { coach, people, teamId } = await coachWithTeam(4);
    const [a, b, c, d] = people as [SignedUpUser, SignedUpUser, SignedUpUser, SignedUpUser];
    const recent = ago(2 * DAY);
    const old = ago(100 * DAY);
    // In the last 30 days: a posts, b reacts, c comments; d answered a check-in long ago only.
    const p = await post(teamId, a, recent);
    await react(p, b, recent);
    await comment(p, c, recent);
    const oldCheckin = await checkin(teamId, coach, old, 4);
    await answer(oldCheckin, teamId, d, 70, old);
    // Someone who posted, then left: not a member, not counted.
    const gone = await buildUser(t);
    await post(teamId, gone, recent);
    // A check-in of the period: 3 of 4 answered.
    const asked = await checkin(teamId, coach, recent, 4);
    for (const who of [a, b, c]) await answer(asked, teamId, who, 90, recent);
    // A video (2 of 4 answered) and a slideshow (1 of 4, with two images).
    const video = await prompt(teamId, coach, 'video', recent);
    await promptAnswer(video, a, 0, recent);
    await promptAnswer(video, b, 0, recent);
    const slides = await prompt(teamId, coach, 'slideshow', recent);
    await promptAnswer(slides, c, 0, recent);
    await promptAnswer(slides, c, 1, recent);
    // Tasks: open without a date, overdue, due today, and a completed overdue one.
    await task(teamId, coach, null);
    await task(teamId, coach, dayOf(ago(DAY)));
    await task(teamId, coach, dayOf(new Date()));
    await task(teamId, coach, dayOf(ago(DAY)), 2);

    const [row] = await rows(coach, fromDays(30));
    expect(row).toMatchObject({
      team: { id: teamId },
      members_count: 5,
      participation: 80, // a, b, c and the coach (the video and slideshow are posts) of 5
      checkin_response_rate: 75,
      video_response_rate: 50,
      slideshow_response_rate: 25,
      tasks: { open: 3, overdue: 1 },
    });
    expect(row!.last_activity_at).toBe(recent.toISOString());
    // 31 days (the 30 days before today, and today), oldest first, every day present.
    expect(row!.activity).toHaveLength(31);
    expect(row!.activity.at(-1)!.date).toBe(dayOf(new Date()));
    expect(row!.activity[0]!.date).toBe(dayOf(ago(30 * DAY)));
    // The day's post, reaction, comment, three answers, the former member's post, the video and
    // the slideshow posts (prompt answers are not activity).
    expect(row!.activity.find((x) => x.date === dayOf(recent))!.count).toBe(9);
    expect(row!.activity.reduce((n, x) => n + x.count, 0)).toBe(9);

    // All Time: d's old answer counts; the check-in rate is over both check-ins (4 of 8).
    const [all] = await rows(coach);
    expect(all).toMatchObject({ participation: 100, checkin_response_rate: 50 });
    expect(all!.activity).toHaveLength(PortfolioLimits.sparklineMaxDays);
    // Nothing of the kind in a period: null rates; "Today": the sparkline's shortest.
    const [today] = await rows(coach, `?from_date=${dayOf(new Date())}`);
    expect(today).toMatchObject({
      checkin_response_rate: null,
      video_response_rate: null,
      slideshow_response_rate: null,
    });
    expect(today!.activity).toHaveLength(PortfolioLimits.sparklineMinDays);
  });

  it('the meter of the period and its trend; no meter, trend or drop where fewer than 3 answered', async () => {
    const { coach, people, teamId } = await coachWithTeam(4, 400 * DAY);
    await post(teamId, coach, ago(HOUR)); // not quiet
    const start = startOfDays(10);
    // Before the period (in the one just before it): 80. In it: 70.
    await answers(teamId, coach, people, [80, 80, 80], new Date(start - HOUR));
    await answers(teamId, coach, people, [60, 70, 80], new Date(start + HOUR));
    const [row] = await rows(coach, fromDays(10));
    expect(row!.happiness).toEqual({ meter: 70, trend: -10 });
    // All Time: every answer, no trend.
    expect((await rows(coach))[0]!.happiness).toEqual({ meter: 75, trend: null });

    // Two people in a period: hidden, and no drop however far it fell.
    const two = await coachWithTeam(4, 400 * DAY);
    await post(two.teamId, two.coach, ago(HOUR));
    await answers(two.teamId, two.coach, two.people, [100, 100, 100], new Date(start - HOUR));
    await answers(two.teamId, two.coach, two.people, [0, 0], new Date(start + HOUR));
    const [hidden] = await rows(two.coach, fromDays(10));
    expect(hidden!.happiness).toEqual({ meter: null, trend: null });
    expect(hidden!.attention.reasons.map((r) => r.cause)).not.toContain('happiness_drop');
  });

  it('shows no one’s answer: a row holds aggregates only', async () => {
    const { coach, people, teamId } = await coachWithTeam(3);
    await answers(teamId, coach, people, [10, 20, 30], ago(HOUR));
    const res = await portfolio(coach, fromDays(30));
    for (const p of people) {
      expect(res.body).not.toContain(p.first_name + ' ' + p.last_name);
      expect(res.body).not.toContain(p.email);
    }
    const row = res.json<{ data: PortfolioRowDto[] }>().data[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'activity',
        'attention',
        'checkin_response_rate',
        'happiness',
        'last_activity_at',
        'members_count',
        'participation',
        'slideshow_response_rate',
        'tasks',
        'team',
        'video_response_rate',
      ].sort(),
    );
  });

  it('answers in the same number of queries for 1 team and for 5', async () => {
    const count = async (teams: number) => {
      const coach = await buildUser(t);
      for (let i = 0; i < teams; i++) {
        const team = await buildTeam(t, coach);
        await post(team.id, coach, ago(HOUR));
        await task(team.id, coach, dayOf(ago(DAY)));
      }
      const { result, queries } = await t.queriesOf(() => portfolio(coach, fromDays(30)));
      expect(result.statusCode).toBe(200);
      return queries.filter((q) => !q.includes('"auth_tokens"')).length;
    };
    const one = await count(1);
    expect(await count(5)).toBe(one);
    expect(one).toBeLessThanOrEqual(9);
  });
});

describe('GET user/portfolio: needs attention', () => {
  const reasonsOf = async (coach: SignedUpUser, query = fromDays(30)) => (await rows(coach, query))[0]!.attention;

  it('happiness_drop: flagged at the threshold, not one point under; off when switched off', async () => {
    const start = startOfDays(10);
    const setUp = async (now: number[]) => {
      const { coach, people, teamId } = await coachWithTeam(4, 400 * DAY);
      await post(teamId, coach, ago(HOUR));
      await answers(teamId, coach, people, [80, 80, 80, 80], new Date(start - HOUR));
      await answers(teamId, coach, people, now, new Date(start + HOUR));
      await saveRules(coach, { ...OFF, happiness_drop: 10 });
      return coach;
    };
    const at = await setUp([70, 70, 70, 70]);
    const flagged = await reasonsOf(at, fromDays(10));
    expect(flagged.reasons).toEqual([
      {
        cause: 'happiness_drop',
        value: 10,
        threshold: 10,
        from: 80,
        to: 70,
        text: 'happiness fell 10 points, from 80% to 70%',
      },
    ]);
    expect(flagged).toMatchObject({ flagged: true, summary: 'Happiness fell 10 points, from 80% to 70%.' });
    const under = await setUp([71, 71, 71, 71]);
    expect(await reasonsOf(under, fromDays(10))).toEqual({ flagged: false, reasons: [], summary: null });
    await saveRules(at, { happiness_drop: null });
    expect((await reasonsOf(at, fromDays(10))).flagged).toBe(false);
  });

  it('happiness_drop with All Time compares the last 30 days with the 30 before', async () => {
    const { coach, people, teamId } = await coachWithTeam(4, 400 * DAY);
    await post(teamId, coach, ago(HOUR));
    const start = startOfDays(PortfolioLimits.attentionWindowDays);
    await answers(teamId, coach, people, [90, 90, 90], new Date(start - DAY));
    await answers(teamId, coach, people, [50, 50, 50], new Date(start + DAY));
    await saveRules(coach, { ...OFF, happiness_drop: 40 });
    const all = await reasonsOf(coach, '');
    expect(all.reasons).toMatchObject([{ cause: 'happiness_drop', value: 40, from: 90, to: 50 }]);
  });

  it('quiet: days since the last post or answer (or the start), flagged at the threshold', async () => {
    const quiet = async (last: Date | null, answered = false) => {
      const { coach, people, teamId } = await coachWithTeam(1, 30 * DAY);
      if (last && answered) await answers(teamId, coach, people, [50], last);
      else if (last) await post(teamId, people[0]!, last);
      // A reaction is no post: it does not end the quiet.
      const old = await post(teamId, people[0]!, ago(20 * DAY));
      await react(old, coach, ago(HOUR));
      await saveRules(coach, { ...OFF, quiet: 7 });
      return (await reasonsOf(coach)).reasons;
    };
    expect(await quiet(ago(7 * DAY + HOUR))).toEqual([
      { cause: 'quiet', value: 7, threshold: 7, text: 'no post or check-in answer for 7 days' },
    ]);
    expect(await quiet(ago(7 * DAY - HOUR))).toEqual([]);
    expect(await quiet(ago(7 * DAY - HOUR), true)).toEqual([]);
    expect(await quiet(ago(8 * DAY), true)).toMatchObject([{ cause: 'quiet', value: 8 }]);
    // Never a post: from the team's start (30 days ago), though its last post is 20 days old.
    expect(await quiet(null)).toMatchObject([{ cause: 'quiet', value: 20 }]);
  });

  it('low_participation: under the threshold only, in teams of two or more', async () => {
    const part = async (members: number, active: number, threshold: number) => {
      const { coach, people, teamId } = await coachWithTeam(members - 1);
      for (const who of people.slice(0, active)) await post(teamId, who, ago(HOUR));
      await saveRules(coach, { ...OFF, low_participation: threshold });
      return (await reasonsOf(coach)).reasons;
    };
    // 2 of 5 = 40 %.
    expect(await part(5, 2, 40)).toEqual([]);
    expect(await part(5, 2, 41)).toEqual([
      { cause: 'low_participation', value: 40, threshold: 41, text: 'only 40% of members took part (under 41%)' },
    ]);
    // A team of one is never flagged.
    expect(await part(1, 0, 100)).toEqual([]);
  });

  it('overdue_tasks: flagged from the threshold', async () => {
    const { coach, teamId } = await coachWithTeam(2);
    await post(teamId, coach, ago(HOUR));
    await task(teamId, coach, dayOf(ago(3 * DAY)));
    await task(teamId, coach, dayOf(ago(DAY)));
    await saveRules(coach, { ...OFF, overdue_tasks: 3 });
    expect((await reasonsOf(coach)).flagged).toBe(false);
    await saveRules(coach, { overdue_tasks: 2 });
    expect((await reasonsOf(coach)).reasons).toEqual([
      { cause: 'overdue_tasks', value: 2, threshold: 2, text: '2 tasks are overdue' },
    ]);
  });

  it('several reasons in the order of the causes, in one sentence; the defaults apply without settings', async () => {
    const { coach, people, teamId } = await coachWithTeam(4, 60 * DAY);
    await post(teamId, people[0]!, ago(10 * DAY));
    await task(teamId, coach, dayOf(ago(DAY)));
    const attention = await reasonsOf(coach);
    expect(attention.reasons.map((r) => r.cause)).toEqual(['quiet', 'low_participation', 'overdue_tasks']);
    expect(attention.reasons[1]).toMatchObject({
      value: 20,
      threshold: AttentionRuleLimits.low_participation.default,
    });
    expect(attention.summary).toBe(attentionSentence(attention.reasons));
    expect(attention.summary).toBe(
      'No post or check-in answer for 10 days; only 20% of members took part (under 40%) and 1 task is overdue.',
    );
  });
});

describe('user/portfolio/settings', () => {
  it('GET: the defaults and the profile time zone; PUT: a part, answered whole; null switches a rule off', async () => {
    const coach = await buildUser(t);
    const get = async () => {
      const res = await t.api('GET', 'user/portfolio/settings', undefined, coach.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: PortfolioSettingsDto }>().data;
    };
    expect(await get()).toEqual({
      rules: { happiness_drop: 10, quiet: 7, low_participation: 40, overdue_tasks: 1 },
      digest: { enabled: true, day: PortfolioLimits.digestDefaultDay, hour: PortfolioLimits.digestDefaultHour },
      timezone: null,
    });
    const res = await t.api(
      'PUT',
      'user/portfolio/settings',
      { rules: { quiet: 3, overdue_tasks: null }, digest: { hour: 18 } },
      coach.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = { rules: { happiness_drop: 10, quiet: 3, low_participation: 40, overdue_tasks: null } };
    expect(res.json()).toMatchObject({ message: PortfolioMessages.settingsSaved, data: saved });
    await t.api('PUT', 'user/portfolio/settings', { digest: { enabled: false, day: 5 } }, coach.token);
    await t.db.kysely
      .insertInto('profiles')
      .values({
        user_id: coach.id,
        phone: null,
        location: null,
        geo_lat: null,
        geo_lng: null,
        timezone: 'Europe/Berlin',
        about_me: null,
        about_skills: null,
        cover: null,
        mood_id: null,
        working_hours_start: null,
        working_hours_end: null,
        personal_hours_start: null,
        personal_hours_end: null,
        secondary_image_1: null,
        secondary_image_2: null,
        updated_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ timezone: 'Europe/Berlin' }))
      .execute();
    expect(await get()).toEqual({ ...saved, digest: { enabled: false, day: 5, hour: 18 }, timezone: 'Europe/Berlin' });
    // The digest job reads the row itself.
    const row = await t.db.kysely
      .selectFrom('portfolio_settings')
      .selectAll()
      .where('user_id', '=', coach.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ quiet: 3, overdue_tasks: null, digest_enabled: 0, digest_day: 5, digest_hour: 18 });
  });

  it('two saves of different fields at the same moment both hold (no save writes back what it read)', async () => {
    const coach = await buildUser(t);
    await saveRules(coach, { quiet: 5 }); // a row exists: the saves below update it
    const saves = [
      { rules: { quiet: 9 } },
      { rules: { happiness_drop: 25 } },
      { digest: { day: 3 } },
      { rules: { low_participation: null } },
    ];
    // On PostgreSQL they interleave (each read before any write): saving the whole row it had read,
    // each save put back what the others changed.
    const answers = await Promise.all(saves.map((body) => t.api('PUT', 'user/portfolio/settings', body, coach.token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const res = await t.api('GET', 'user/portfolio/settings', undefined, coach.token);
    expect(res.json<{ data: PortfolioSettingsDto }>().data).toMatchObject({
      rules: { quiet: 9, happiness_drop: 25, low_participation: null, overdue_tasks: 1 },
      digest: { day: 3 },
    });
  });

  it('PUT refuses out-of-range thresholds and digests (422), unknown fields, bad JSON (400), strangers (401)', async () => {
    const coach = await buildUser(t);
    const put = (body: unknown, extra = {}) => t.api('PUT', 'user/portfolio/settings', body, coach.token, extra);
    const { min, max } = AttentionRuleLimits.quiet;
    for (const quiet of [min - 1, max + 1, 2.5, '3']) {
      const res = await put({ rules: { quiet } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ errors: { 'rules.quiet': [PortfolioMessages.thresholdRange(min, max)] } });
    }
    const hour = await put({ digest: { hour: 24 } });
    expect(hour.json()).toMatchObject({ errors: { 'digest.hour': [PortfolioMessages.digestHourInvalid] } });
    const day = await put({ digest: { day: 0 } });
    expect(day.json()).toMatchObject({ errors: { 'digest.day': [PortfolioMessages.digestDayInvalid] } });
    expect((await put({ colour: 'red' })).statusCode).toBe(422);
    const malformed = await put('{"rules": ', { headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect((await t.api('PUT', 'user/portfolio/settings', { rules: {} })).statusCode).toBe(401);
    expect((await t.api('GET', 'user/portfolio/settings')).statusCode).toBe(401);
    // Nothing was saved.
    const row = await t.db.kysely
      .selectFrom('portfolio_settings')
      .select('user_id')
      .where('user_id', '=', coach.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
