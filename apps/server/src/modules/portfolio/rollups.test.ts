import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostDto, TeamDto } from '@rally/contract';
import type { Executor } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, multipart, seatMembers } from '../../test/teams.js';
import { refillRollups } from './rollups.js';

/**
 * Derived data kept by the modules that own it, in the transaction of each write (ADR 0038):
 * the teams' post counts, the check-ins' and prompts' answer counts, the posts' engagement counts
 * and the portfolio's rollups. Every write here goes through the API, as the app makes it; the
 * kept values are then set against what the rows say (a count, or the portfolio's own refill).
 * On PostgreSQL the concurrent writes run at once, on pooled connections.
 */
const t = useTestApp();
let coach: SignedUpUser;
let people: SignedUpUser[];
let png: Buffer;

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 201) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as { data: unknown };
};
const postText = async (teamId: number, who: SignedUpUser, content: string) =>
  (await ok(t.api('POST', `user/team/${teamId}/posts`, { content }, who.token))).data as PostDto;
const react = (teamId: number, postId: number, who: SignedUpUser, buzz = 7) =>
  ok(t.api('POST', `user/team/${teamId}/post/${postId}/buzz?buzz_type_id=${buzz}`, undefined, who.token), 200);
const unreact = (teamId: number, postId: number, who: SignedUpUser) =>
  ok(t.api('DELETE', `user/team/${teamId}/post/${postId}/buzz`, undefined, who.token), 200);
const comment = (teamId: number, postId: number, who: SignedUpUser) =>
  ok(t.api('POST', `user/team/${teamId}/post/${postId}/expression`, { content: 'Well done' }, who.token));
const requestCheckin = async (teamId: number) =>
  ((await ok(t.api('POST', `user/team/${teamId}/checkin`, {}, coach.token))).data as PostDto).data.checkin_id!;
const answerCheckin = (teamId: number, checkinId: number, who: SignedUpUser, priv: boolean) =>
  ok(t.api('POST', `user/team/${teamId}/checkin/${checkinId}`, { mood_id: 2, private: priv }, who.token));
const sendForm = (teamId: number, path: string, who: SignedUpUser, parts: Parameters<typeof multipart>[0]) => {
  const form = multipart(parts);
  return t.api('POST', `user/team/${teamId}/${path}`, form.payload, who.token, { headers: form.headers });
};
const picture = () => ({ name: 'media', filename: 'slide.png', contentType: 'image/png', data: png });
const askSlideshow = async (teamId: number) =>
  ((await ok(sendForm(teamId, 'slideshow', coach, [{ name: 'topic', value: 'Your desk' }, picture()]))).data as PostDto)
    .data.slideshow_id!;
const answerSlideshow = (teamId: number, slideshowId: number, who: SignedUpUser) =>
  ok(sendForm(teamId, `slideshow/${slideshowId}`, who, [picture()]));

const n = (v: unknown) => Number(v);

/** The team's rollups as stored (numbers as numbers on both databases). */
async function rollups(teamId: number, ex: Executor = t.db.kysely) {
  const days = await ex
    .selectFrom('team_activity_days')
    .select(['day', 'activity', 'last_at'])
    .where('team_id', '=', teamId)
    .orderBy('day')
    .execute();
  const members = await ex
    .selectFrom('team_member_activity')
    .select(['user_id', 'last_active_at', 'last_answer_at', 'answers', 'score_sum'])
    .where('team_id', '=', teamId)
    .orderBy('user_id')
    .execute();
  return {
    days: days.map((d) => ({ ...d, activity: n(d.activity) })),
    members: members.map((m) => ({ ...m, answers: n(m.answers), score_sum: n(m.score_sum) })),
  };
}

/** The rollups a refill from the rows gives, read in a transaction that is then rolled back. */
async function refilled(teamId: number) {
  let read: Awaited<ReturnType<typeof rollups>> | undefined;
  await t.db.kysely
    .transaction()
    .execute(async (trx) => {
      await refillRollups(trx, [teamId]);
      read = await rollups(teamId, trx);
      throw new Error('rolled back');
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error) || err.message !== 'rolled back') throw err;
    });
  return read!;
}

/** Every count kept for the team beside what its rows say; each pair must be equal. */
async function counts(teamId: number) {
  const db = t.db.kysely;
  const kept = await db
    .selectFrom('team_post_counts')
    .select(['type_id', 'posts_count as n'])
    .where('team_id', '=', teamId)
    .where('posts_count', '<>', 0)
    .orderBy('type_id')
    .execute();
  const rows = await db
    .selectFrom('posts')
    .select(['type_id', (eb) => eb.fn.countAll().as('n')])
    .where('team_id', '=', teamId)
    .groupBy('type_id')
    .orderBy('type_id')
    .execute();
  const checkins = await db
    .selectFrom('checkins as c')
    .select((eb) => [
      'c.responses_count as kept',
      eb
        .selectFrom('checkin_responses as r')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('r.checkin_id', '=', 'c.id')
        .as('rows'),
    ])
    .where('c.team_id', '=', teamId)
    .execute();
  const prompts = await db
    .selectFrom('prompts as p')
    .select((eb) => [
      'p.answers_count as kept',
      eb
        .selectFrom('prompt_responses as r')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('r.prompt_id', '=', 'p.id')
        .where('r.position', '=', 0)
        .as('rows'),
    ])
    .where('p.team_id', '=', teamId)
    .execute();
  const engagement = await db
    .selectFrom('posts as p')
    .select((eb) => [
      'p.buzzes_count as buzzes',
      'p.expressions_count as comments',
      eb
        .selectFrom('reactions as r')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('r.post_id', '=', 'p.id')
        .as('reaction_rows'),
      eb
        .selectFrom('comments as c')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('c.post_id', '=', 'p.id')
        .as('comment_rows'),
    ])
    .where('p.team_id', '=', teamId)
    .execute();
  const pairs = (xs: { kept: unknown; rows: unknown }[]) => xs.map((x) => [n(x.kept), n(x.rows)]);
  return {
    posts: { kept: kept.map((r) => [r.type_id, n(r.n)]), rows: rows.map((r) => [r.type_id, n(r.n)]) },
    checkins: pairs(checkins),
    prompts: pairs(prompts),
    reactions: engagement.map((e) => [n(e.buzzes), n(e.reaction_rows)]),
    comments: engagement.map((e) => [n(e.comments), n(e.comment_rows)]),
  };
}

/** Asserts every kept count of the team equals its rows'; returns the counts for more checks. */
async function expectCountsRight(teamId: number) {
  const c = await counts(teamId);
  expect(c.posts.kept, 'team_post_counts').toEqual(c.posts.rows);
  for (const [what, list] of Object.entries({
    checkins: c.checkins,
    prompts: c.prompts,
    reactions: c.reactions,
    comments: c.comments,
  }))
    for (const [kept, rows] of list) expect(kept, what).toBe(rows);
  const total = (c.posts.rows as [number, number][]).reduce((sum, [, k]) => sum + k, 0);
  const page = await t.api('GET', `user/team/${teamId}/timeline?page=1`, undefined, coach.token);
  expect(page.json<{ meta: { total: number } }>().meta.total, 'the timeline’s total').toBe(total);
  return c;
}

async function teamOf(size: number): Promise<{ team: TeamDto; members: SignedUpUser[] }> {
  const team = await buildTeam(t, coach);
  const members = people.slice(0, size);
  await seatMembers(
    t,
    team.id,
    members.map((user) => ({ user, role: 4 as const })),
  );
  return { team, members };
}

beforeAll(async () => {
  coach = await buildUser(t, { first_name: 'Coach', last_name: 'Derived' });
  people = await Promise.all(
    Array.from({ length: 10 }, (_, i) => buildUser(t, { first_name: `Member${i}`, last_name: 'Derived' })),
  );
  png = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

describe('derived data kept by the writing modules (ADR 0038)', () => {
  it('posts, shares, reactions, comments, check-in and slideshow answers: each count equals its rows, the rollups a refill', async () => {
    const { team, members } = await teamOf(4);
    const [a, b, c, d] = members as [SignedUpUser, SignedUpUser, SignedUpUser, SignedUpUser];
    const other = await buildTeam(t, coach);
    const first = await postText(team.id, a, 'The first post of the day');
    // A changed reaction is no new activity (its row's time moves: done before what follows).
    await react(team.id, first.id, b, 7);
    await react(team.id, first.id, b, 9);
    const celebration = (
      await ok(t.api('POST', `user/team/${team.id}/celebration`, { text: 'We shipped it', color_id: 2 }, c.token))
    ).data as PostDto;
    await ok(
      t.api('POST', `user/team/${team.id}/posts/${celebration.id}/share`, { team_ids: [other.id] }, coach.token),
    );
    await react(team.id, celebration.id, a);
    await react(team.id, celebration.id, d, 8);
    await comment(team.id, first.id, c);
    await comment(team.id, first.id, c);
    await comment(team.id, celebration.id, coach);
    const checkin = await requestCheckin(team.id);
    await answerCheckin(team.id, checkin, a, true);
    await answerCheckin(team.id, checkin, b, false);
    await answerCheckin(team.id, checkin, c, true);
    const slideshow = await askSlideshow(team.id);
    await answerSlideshow(team.id, slideshow, a);
    await answerSlideshow(team.id, slideshow, d);
    await postText(team.id, d, 'The last post of the day');

    for (const id of [team.id, other.id]) {
      const kept = await rollups(id);
      expect(kept.days.length).toBeGreaterThan(0);
      expect(kept).toEqual(await refilled(id));
      await expectCountsRight(id);
    }
    const c1 = await counts(team.id);
    expect(c1.checkins).toEqual([[3, 3]]);
    expect(c1.prompts).toEqual([[2, 2]]);
    // 3 posts (the shared copy is the other team's), the check-in's and the slideshow's posts,
    // 3 reactions (the changed one once), 3 comments, 3 answers (the public one's post is none).
    const { days } = await rollups(team.id);
    expect(days.reduce((sum, day) => sum + day.activity, 0)).toBe(3 + 1 + 1 + 3 + 3 + 3);
  });

  it('a deleted post and a cleared reaction: the counts follow, the rollups keep what happened', async () => {
    const { team, members } = await teamOf(3);
    const [a, b, c] = members as [SignedUpUser, SignedUpUser, SignedUpUser];
    const keep = await postText(team.id, a, 'This one stays');
    const gone = await postText(team.id, b, 'This one goes');
    await react(team.id, gone.id, a);
    await react(team.id, keep.id, c);
    await comment(team.id, gone.id, c);
    await comment(team.id, keep.id, b);
    const before = await rollups(team.id);
    const beforeCounts = await expectCountsRight(team.id);

    await ok(t.api('DELETE', `user/team/${team.id}/posts/${gone.id}`, undefined, b.token), 200);
    await unreact(team.id, keep.id, c);
    await unreact(team.id, keep.id, c); // none left: nothing moves

    const after = await expectCountsRight(team.id);
    expect(after.posts.rows).not.toEqual(beforeCounts.posts.rows);
    const kept = await t.db.kysely
      .selectFrom('posts')
      .select(['buzzes_count', 'expressions_count'])
      .where('id', '=', keep.id)
      .executeTakeFirstOrThrow();
    expect([n(kept.buzzes_count), n(kept.expressions_count)]).toEqual([0, 1]);
    // ADR 0036: the day was that busy; the last times stay.
    expect(await rollups(team.id)).toEqual(before);
  });

  it('concurrent writes of one team (at once on PostgreSQL) lose no count and wait for no one forever', async () => {
    const { team, members } = await teamOf(10);
    const target = await postText(team.id, coach, 'React to this, all at once');
    // One check-in asked through the API, two more written as if asked earlier (the 4-hour rule).
    const checkins = [await requestCheckin(team.id)];
    for (const hoursAgo of [10, 5])
      checkins.push(
        (
          await t.db.kysely
            .insertInto('checkins')
            .values({
              team_id: team.id,
              user_id: coach.id,
              post_id: null,
              members_count: members.length,
              created_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const slideshow = await askSlideshow(team.id);
    const before = await rollups(team.id);

    await Promise.all(
      members.flatMap((m, i) => [
        postText(team.id, m, `Posted at once by ${i}`),
        react(team.id, target.id, m, 7 + (i % 5)),
        comment(team.id, target.id, m),
        ...checkins.map((checkin) => answerCheckin(team.id, checkin, m, i % 2 === 0)),
        answerSlideshow(team.id, slideshow, m),
      ]),
    );

    const c = await expectCountsRight(team.id);
    expect(c.checkins).toEqual([
      [10, 10],
      [10, 10],
      [10, 10],
    ]);
    expect(c.prompts).toEqual([[10, 10]]);
    const mine = c.reactions.find(([kept]) => kept === 10);
    expect(mine, 'the target’s 10 reactions').toBeDefined();
    const kept = await rollups(team.id);
    expect(kept).toEqual(await refilled(team.id));
    const total = (r: typeof kept) => r.days.reduce((sum, day) => sum + day.activity, 0);
    // Per member: a post, a reaction, a comment and 3 check-in answers (the slideshow answer is none).
    expect(total(kept) - total(before)).toBe(members.length * 6);
    expect(kept.members.filter((m) => m.answers === 3)).toHaveLength(10);
  });
});
