import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits, PostType, TopicMessages, type PostDto, type TeamDto, type TopicDto } from '@rally/contract';
import { buildSecondProcess, buildTestApp, type TestApp, testDatabaseUrl, useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, seatMembers, teamsOf } from '../../test/teams.js';
import { dayOf } from './service.js';

const t = useTestApp();
const SECOND_PROCESS = fileURLToPath(new URL('./testing/second-process.ts', import.meta.url));
let coach: SignedUpUser;
let admin: SignedUpUser;
let mina: SignedUpUser;
let team: TeamDto;

const DAY = 24 * 60 * 60 * 1000;
const today = () => dayOf(new Date());
const inDays = (n: number) => dayOf(new Date(Date.now() + n * DAY));

const write = (teamId: number, token: string, body: object) => t.api('POST', `user/team/${teamId}/topic`, body, token);
const topicOfDay = async (teamId: number, token: string) => {
  const res = await t.api('GET', `user/team/${teamId}/topic-of-day`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TopicDto | null }>().data;
};
const timeline = async (teamId: number, token: string) => {
  const res = await t.api('GET', `user/team/${teamId}/timeline?page=1`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PostDto[] }>().data;
};
const topicPosts = async (teamId: number) =>
  t.db.kysely.selectFrom('posts').selectAll().where('team_id', '=', teamId).where('type_id', '=', 3).execute();

/** A fresh team: the coach (2), an admin (3) and Mina (4). */
async function freshTeam(name = 'Topic Team') {
  const fresh = await buildTeam(t, coach, name);
  await seatMembers(t, fresh.id, [
    { user: admin, role: 3 },
    { user: mina, role: 4 },
  ]);
  return fresh;
}

beforeAll(async () => {
  [coach, admin, mina] = (await Promise.all(
    ['Cora', 'Adam', 'Mina'].map((first_name) => buildUser(t, { first_name, last_name: 'Topic' })),
  )) as [SignedUpUser, SignedUpUser, SignedUpUser];
  team = await freshTeam();
});

describe('writing the topic', () => {
  it.each([
    ['missing', {}, TopicMessages.contentRequired],
    ['blank', { content: '     ' }, TopicMessages.contentRequired],
    ['5 characters once trimmed', { content: '  short  ' }, TopicMessages.contentLength],
    ['166 characters', { content: 'x'.repeat(Limits.topicMax + 1) }, TopicMessages.contentLength],
    ['a number', { content: 123456 }, TopicMessages.contentRequired],
  ])('refuses content that is %s with the message', async (_name, body, message) => {
    expectInvalid(await write(team.id, coach.token, body), 'content', message);
  });

  it.each([
    ['not a date', 'tomorrow', TopicMessages.publishDateInvalid],
    ['an impossible day', '2031-02-30', TopicMessages.publishDateInvalid],
    ['yesterday', 'past', TopicMessages.publishDatePast],
  ])('refuses a publish date that is %s', async (_name, value, message) => {
    const publish_date = value === 'past' ? inDays(-1) : value;
    expectInvalid(
      await write(team.id, coach.token, { content: 'A fine topic', publish_date }),
      'publish_date',
      message,
    );
  });

  it('a topic for today is published at once: topic of the day, a topic post, latest_topic', async () => {
    const fresh = await freshTeam('Today Team');
    expect(await topicOfDay(fresh.id, mina.token)).toBeNull();
    expect((await teamsOf(t, mina)).find((x) => x.id === fresh.id)?.latest_topic).toBeNull();

    const res = await write(fresh.id, coach.token, { content: '  What made you smile this week?  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(TopicMessages.created);
    const topic = res.json<{ data: TopicDto }>().data;
    expect(topic).toMatchObject({
      content: 'What made you smile this week?',
      data: { content: 'What made you smile this week?' },
      publish_date: today(),
      user: { id: coach.id, full_name: 'Cora Topic' },
      buzzes_count: 0,
      expressions_count: 0,
    });
    expect(topic.published_at).not.toBeNull();

    // Every member reads it; the timeline has it as a `topic` post showing its day.
    expect(await topicOfDay(fresh.id, mina.token)).toMatchObject({ id: topic.id, post_id: topic.post_id });
    const [first] = await timeline(fresh.id, mina.token);
    expect(first).toMatchObject({
      id: topic.post_id,
      type: 'topic',
      type_id: PostType.topic,
      user: { id: coach.id },
      data: { topic: 'What made you smile this week?', published: true, published_at: today() },
    });
    expect((await teamsOf(t, mina)).find((x) => x.id === fresh.id)?.latest_topic).toEqual({
      content: 'What made you smile this week?',
    });
  });

  it('one topic per day: a second for the same day is refused, not a 500', async () => {
    const fresh = await freshTeam();
    expect((await write(fresh.id, coach.token, { content: 'First of the day' })).statusCode).toBe(201);
    expectInvalid(
      await write(fresh.id, admin.token, { content: 'Second of the day', publish_date: today() }),
      'publish_date',
      TopicMessages.publishDateTaken,
    );
    expect(await topicPosts(fresh.id)).toHaveLength(1);
  });

  it('reactions and comments on the topic post show in the topic (its engagements)', async () => {
    const fresh = await freshTeam();
    const topic = (await write(fresh.id, coach.token, { content: 'Share one small win' })).json<{ data: TopicDto }>()
      .data;
    const react = await t.api(
      'POST',
      `user/team/${fresh.id}/post/${topic.post_id}/buzz?buzz_type_id=7`,
      undefined,
      mina.token,
    );
    expect(react.statusCode, react.body).toBe(200);
    const comment = await t.api(
      'POST',
      `user/team/${fresh.id}/post/${topic.post_id}/expression`,
      { content: 'Finished my first 5k' },
      mina.token,
    );
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await topicOfDay(fresh.id, mina.token)).toMatchObject({
      buzz_type_id: 7,
      buzzes_count: 1,
      expressions_count: 1,
      user_expressed: true,
      reactions: [{ buzz_type_id: 7, user: { id: mina.id } }],
    });
  });

  it('editing changes the topic and its post; a published topic keeps its day', async () => {
    const fresh = await freshTeam();
    const topic = (await write(fresh.id, coach.token, { content: 'Original words' })).json<{ data: TopicDto }>().data;
    const res = await t.api(
      'PUT',
      `user/team/${fresh.id}/topic/${topic.id}`,
      { content: ' Better words here ' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: TopicMessages.updated, data: { content: 'Better words here' } });
    const [post] = await timeline(fresh.id, mina.token);
    expect(post).toMatchObject({ id: topic.post_id, data: { topic: 'Better words here', text: 'Better words here' } });
    expectInvalid(
      await t.api(
        'PUT',
        `user/team/${fresh.id}/topic/${topic.id}`,
        { content: 'Better words', publish_date: inDays(2) },
        coach.token,
      ),
      'publish_date',
      TopicMessages.publishedDateFixed,
    );
    expectInvalid(
      await t.api('PUT', `user/team/${fresh.id}/topic/${topic.id}`, { content: 'tiny' }, coach.token),
      'content',
      TopicMessages.contentLength,
    );
    // Another team's topic id is not found here.
    const other = await freshTeam();
    expect(
      (await t.api('PUT', `user/team/${other.id}/topic/${topic.id}`, { content: 'Hijacked words' }, coach.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('topics written ahead', () => {
  it('wait unpublished in the scheduled list, then the job publishes each on its day, once', async () => {
    const fresh = await freshTeam();
    const res = await write(fresh.id, coach.token, { content: 'A topic for tomorrow', publish_date: inDays(1) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(TopicMessages.scheduled(inDays(1)));
    const ahead = res.json<{ data: TopicDto }>().data;
    expect(ahead).toMatchObject({ published_at: null, post_id: null, publish_date: inDays(1) });

    expect(await topicOfDay(fresh.id, mina.token)).toBeNull();
    expect(await topicPosts(fresh.id)).toHaveLength(0);
    const list = await t.api('GET', `user/team/${fresh.id}/topics/scheduled`, undefined, admin.token);
    expect(list.json<{ data: TopicDto[] }>().data.map((x) => x.id)).toEqual([ahead.id]);

    // Today: nothing is due. Tomorrow: published, and not again.
    expect(await t.app.topics.publishDue(new Date())).toBe(0);
    const tomorrow = new Date(Date.now() + DAY);
    expect(await t.app.topics.publishDue(tomorrow)).toBeGreaterThanOrEqual(1);
    expect(await t.app.topics.publishDue(tomorrow)).toBe(0);
    const posts = await topicPosts(fresh.id);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.extra!)).toMatchObject({ topic: 'A topic for tomorrow', published_at: inDays(1) });
    expect((await t.api('GET', `user/team/${fresh.id}/topics/scheduled`, undefined, admin.token)).json().data).toEqual(
      [],
    );
  });

  it('a topic moved to today is published at once', async () => {
    const fresh = await freshTeam();
    const ahead = (await write(fresh.id, coach.token, { content: 'Moved to today', publish_date: inDays(3) })).json<{
      data: TopicDto;
    }>().data;
    const res = await t.api(
      'PUT',
      `user/team/${fresh.id}/topic/${ahead.id}`,
      { content: 'Moved to today', publish_date: today() },
      coach.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await topicOfDay(fresh.id, mina.token)).toMatchObject({ id: ahead.id, content: 'Moved to today' });
    expect(await topicPosts(fresh.id)).toHaveLength(1);
  });

  it('members hear of a published topic; the writer does not', async () => {
    const fresh = await freshTeam();
    await write(fresh.id, admin.token, { content: 'Who inspired you lately?' });
    await t.app.queue.idle();
    const rows = await t.db.kysely
      .selectFrom('notifications')
      .select(['user_id', 'data'])
      .where('team_id', '=', fresh.id)
      .where('kind', '=', 'topic.published')
      .execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([coach.id, mina.id].sort());
    // Stored as facts; the sentence is built from them when presented.
    expect(JSON.parse(rows[0]!.data)).toMatchObject({ actor_name: 'Adam Topic', team_name: fresh.name });
    const listed = await t.api('GET', `user/notifications?team_id=${fresh.id}`, undefined, mina.token);
    expect(listed.json().data[0]).toMatchObject({
      kind: 'topic.published',
      actor: { id: admin.id, name: 'Adam Topic' },
      team: { id: fresh.id, name: fresh.name },
      object: { kind: 'post' },
      data: { message: `Adam Topic shared today's inspiration in ${fresh.name}` },
    });
  });
});

describe('the scheduled job on two app instances sharing one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildSecondProcess(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** `count` teams of one owner and member, each with a topic for tomorrow. */
  async function dueTomorrow(count: number): Promise<{ teams: number[]; member: SignedUpUser }> {
    const [owner, member] = await Promise.all([buildUser(a), buildUser(a)]);
    const teams: number[] = [];
    for (let i = 0; i < count; i++) {
      const team = await buildTeam(a, owner, `Race Team ${i}`);
      await seatMembers(a, team.id, [{ user: member, role: 4 }]);
      const res = await a.api(
        'POST',
        `user/team/${team.id}/topic`,
        { content: `Race topic ${i}`, publish_date: inDays(1) },
        owner.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      teams.push(team.id);
    }
    return { teams, member };
  }

  /** Each topic published once: one post per team, one notification per team for the member, nothing left. */
  async function expectPublishedOnce(teams: number[], member: SignedUpUser) {
    await Promise.all([a.app.queue.idle(), b.app.queue.idle()]);
    const posts = await a.db.kysely
      .selectFrom('posts')
      .select('team_id')
      .where('team_id', 'in', teams)
      .where('type_id', '=', PostType.topic)
      .execute();
    expect(posts.map((p) => p.team_id).sort()).toEqual([...teams].sort());
    const notes = await a.db.kysely
      .selectFrom('notifications')
      .select('team_id')
      .where('user_id', '=', member.id)
      .where('kind', '=', 'topic.published')
      .execute();
    expect(notes.map((n) => n.team_id).sort()).toEqual([...teams].sort());
    const left = await a.db.kysely
      .selectFrom('topics')
      .select('id')
      .where('team_id', 'in', teams)
      .where((eb) => eb.or([eb('published_at', 'is', null), eb('post_id', 'is', null)]))
      .execute();
    expect(left).toEqual([]);
  }

  it('two instances of the app publish every due topic exactly once', async () => {
    const { teams, member } = await dueTomorrow(8);
    const tomorrow = new Date(Date.now() + DAY);
    // PostgreSQL: both at once. SQLite allows one writer per file; two connections of one Node
    // process cannot wait for each other (the wait blocks the thread), so here they take turns;
    // the test below races two real processes on either database.
    const runs = testDatabaseUrl
      ? await Promise.all([a.app.topics.publishDue(tomorrow), b.app.topics.publishDue(tomorrow)])
      : [await a.app.topics.publishDue(tomorrow), await b.app.topics.publishDue(tomorrow)];
    expect(runs[0]! + runs[1]!).toBe(teams.length);
    await expectPublishedOnce(teams, member);
  });

  it('a second Rally process racing this one: every due topic exactly once', async () => {
    const { teams, member } = await dueTomorrow(8);
    const tomorrow = new Date(Date.now() + DAY);
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', SECOND_PROCESS, a.dataDir, a.pgSchema ?? '-', tomorrow.toISOString()],
      { stdio: ['pipe', 'pipe', 'pipe'], env: process.env },
    );
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout.setEncoding('utf8');
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('ready')) resolve();
      }),
    );
    const exited = once(child, 'exit');
    await Promise.race([ready, exited.then(() => expect.fail(`the second process ended: ${err}`))]);
    child.stdin.end('go\n');
    const mine = await a.app.topics.publishDue(tomorrow);
    const [code] = await exited;
    expect(code, err).toBe(0);
    const theirs = Number(/published (\d+)/.exec(out)?.[1]);
    expect(mine + theirs).toBe(teams.length);
    await expectPublishedOnce(teams, member);
  }, 60_000);
});
