import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PostType, type PostDto, type TeamDto, PostMessages } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, deleteAndPurge, seatMembers, uploadTeamFile, writePost } from '../../test/teams.js';
import { sampleFile, samePixels } from '../../test/samples.js';

// Sessions kept for the whole file: the query counts below assume the coach's is kept, which a
// slow run (a loaded CI machine) could outlast with the default 30 s.
const t = useTestApp({ SESSION_CACHE_MS: '300000' });
let coach: SignedUpUser;
let mina: SignedUpUser;
let pete: SignedUpUser;
let outsider: SignedUpUser;
let team: TeamDto;

const post = (teamId: number, token: string, body: object, kind = 'posts') =>
  t.api('POST', `user/team/${teamId}/${kind}`, body, token);
const timeline = async (teamId: number, token: string, query = '') => {
  const res = await t.api('GET', `user/team/${teamId}/timeline?page=1${query}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: PostDto[];
    meta: { current_page: number; last_page: number; per_page: number; total: number };
  }>();
};
const created = async (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: PostDto }>().data;
};

beforeAll(async () => {
  const people = await Promise.all(
    ['Cora', 'Mina', 'Pete', 'Otto'].map((first_name) => buildUser(t, { first_name, last_name: 'Post' })),
  );
  [coach, mina, pete, outsider] = people as [SignedUpUser, SignedUpUser, SignedUpUser, SignedUpUser];
  team = await buildTeam(t, coach, 'Timeline Team');
  await seatMembers(t, team.id, [
    { user: mina, role: 4 },
    { user: pete, role: 4 },
  ]);
});

describe('posting', () => {
  it('a new team opens on its welcome message', async () => {
    const fresh = await buildTeam(t, coach, 'Fresh Team');
    const page = await timeline(fresh.id, coach.token);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      type: 'welcomemessage',
      type_id: PostType.welcomemessage,
      user: { id: coach.id },
    });
    expect(page.data[0]!.data.text).toBe(PostMessages.welcomePost);
  });

  it('a text post goes to the top of the timeline in the shape of spec §3', async () => {
    const mine = await created(
      await post(team.id, mina.token, { content: '  Hello team, first post  ', media_type: 'text' }),
    );
    expect(mine).toMatchObject({
      type: 'text',
      type_id: PostType.text,
      team_id: team.id,
      team: { id: team.id, name: 'Timeline Team' },
      user: { id: mina.id, full_name: 'Mina Post', avatar: null },
      is_forwarded: false,
      original_post: null,
      buzz_type_id: null,
      buzzes_count: 0,
      reactions: [],
      expressions_count: 0,
      user_expressed: false,
      recent_buzz_activity_user: null,
      recent_expressed_activity_user: null,
    });
    expect(mine.data.text).toBe('Hello team, first post');
    expect((await timeline(team.id, pete.token)).data[0]!.id).toBe(mine.id);
  });

  it('refuses short, long and empty text with the spec’s rules', async () => {
    expectInvalid(await post(team.id, mina.token, { content: 'abc' }), 'content', PostMessages.postTextMin);
    expectInvalid(await post(team.id, mina.token, { content: 'x'.repeat(501) }), 'content', PostMessages.postTextMax);
    expectInvalid(await post(team.id, mina.token, { content: '   ' }), 'content', PostMessages.postTextRequired);
    expectInvalid(await post(team.id, mina.token, {}), 'content', PostMessages.postTextRequired);
  });

  it('a celebration carries its colour and tagged members; tagging oneself is ignored, a stranger refused', async () => {
    const c = await created(
      await post(
        team.id,
        mina.token,
        { text: 'Pete closed the deal', color_id: 2, tag_users: [pete.id, mina.id] },
        'celebration',
      ),
    );
    expect(c).toMatchObject({ type: 'celebration', type_id: PostType.celebration });
    expect(c.data.color).toEqual({ id: 2, name: 'ocean', color_gradient: ['#1d4ed8', '#0e7490'] });
    expect(c.data.tagged_users).toEqual([{ id: pete.id, full_name: 'Pete Post' }]);
    expectInvalid(
      await post(team.id, mina.token, { text: 'Tagging a stranger', tag_users: [outsider.id] }, 'celebration'),
      'tag_users',
      PostMessages.tagNotMember,
    );
    expectInvalid(
      await post(team.id, mina.token, { text: 'Bad colour', color_id: 99 }, 'celebration'),
      'color_id',
      PostMessages.colorInvalid,
    );
  });

  it('a celebration or bright idea needs text of 4 or a file', async () => {
    expectInvalid(await post(team.id, mina.token, {}, 'celebration'), 'text', PostMessages.textOrAttachment);
    expectInvalid(await post(team.id, mina.token, { text: 'ab' }, 'brightidea'), 'text', PostMessages.postTextMin);
    const idea = await created(
      await post(team.id, mina.token, { text: 'Walking meetings', tag_users: [pete.id] }, 'brightidea'),
    );
    // A bright idea has no tags in its form; any sent are not stored.
    expect(idea).toMatchObject({ type: 'brightidea', data: { tagged_users: [] } });
  });

  it('an outsider cannot post or read (404), a guest 401', async () => {
    expect((await post(team.id, outsider.token, { content: 'Let me in' })).statusCode).toBe(404);
    expect((await t.api('GET', `user/team/${team.id}/timeline`, undefined, outsider.token)).statusCode).toBe(404);
    expect((await t.api('GET', `user/team/${team.id}/timeline`)).statusCode).toBe(401);
  });
});

describe('timeline pages', () => {
  let paged: TeamDto;
  beforeAll(async () => {
    paged = await buildTeam(t, coach, 'Paged Team');
    for (let i = 1; i <= 12; i++) {
      const kind = i % 3 === 0 ? 'celebration' : i % 3 === 1 ? 'brightidea' : 'posts';
      await created(
        await post(paged.id, coach.token, kind === 'posts' ? { content: `Post ${i}` } : { text: `Post ${i}` }, kind),
      );
    }
  });

  it('pages newest first, 10 by default, with meta', async () => {
    const first = await timeline(paged.id, coach.token);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 13 });
    expect(first.data[0]!.data.text).toBe('Post 12');
    const second = await t.api('GET', `user/team/${paged.id}/timeline?page=2`, undefined, coach.token);
    expect(second.json().data.map((p: PostDto) => p.data.text)).toEqual(['Post 2', 'Post 1', PostMessages.welcomePost]);
    const beyond = await t.api('GET', `user/team/${paged.id}/timeline?page=3`, undefined, coach.token);
    expect(beyond.json()).toMatchObject({ data: [], meta: { current_page: 3, last_page: 2, total: 13 } });
    const five = await timeline(paged.id, coach.token, '&per_page=5');
    expect(five.meta).toMatchObject({ per_page: 5, last_page: 3 });
  });

  it('filters by type: the wall of fame is celebrations, the bright ideas page bright ideas', async () => {
    const fame = await timeline(paged.id, coach.token, `&type_id=${PostType.celebration}`);
    expect(fame.meta.total).toBe(4);
    expect(new Set(fame.data.map((p) => p.type))).toEqual(new Set(['celebration']));
    const ideas = await timeline(paged.id, coach.token, `&type_id=${PostType.brightidea}`);
    expect(ideas.data.map((p) => p.data.text)).toEqual(['Post 10', 'Post 7', 'Post 4', 'Post 1']);
  });

  it('refuses a bad page or type (422), never a 500', async () => {
    for (const q of ['page=0', 'page=abc', 'per_page=51', 'type_id=-1', 'page=1e99']) {
      const res = await t.api('GET', `user/team/${paged.id}/timeline?${q}`, undefined, coach.token);
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('a page is a constant number of queries, whatever its size or number: 3 read afresh, 1 cached', async () => {
    const cold: number[] = [];
    const warm: number[] = [];
    for (const q of ['page=1', 'page=2&per_page=5', 'page=1&per_page=50', `page=1&type_id=${PostType.celebration}`]) {
      // Any write to the team's timeline makes every kept page of it stale.
      await sql`update team_timeline_versions set version = version + 1 where team_id = ${paged.id}`.execute(
        t.db.kysely,
      );
      for (const counts of [cold, warm]) {
        const { result, queries } = await t.queriesOf(() =>
          t.api('GET', `user/team/${paged.id}/timeline?${q}`, undefined, coach.token),
        );
        expect(result.statusCode).toBe(200);
        counts.push(queries.length);
      }
    }
    // Membership + version + the viewer's part; read afresh, the page and the count too (the
    // coach's session is kept by the session cache since their first request).
    expect(cold).toEqual([3, 3, 3, 3]);
    expect(warm).toEqual([1, 1, 1, 1]);
  });

  it('the dashboard shows the posts of every team of the user, and only those', async () => {
    const res = await t.api('GET', 'user/dashboard?page=1&per_page=50', undefined, coach.token);
    expect(res.statusCode).toBe(200);
    const teams = new Set(res.json().data.map((p: PostDto) => p.team_id));
    expect(teams.has(paged.id) && teams.has(team.id)).toBe(true);
    const mine = await t.api('GET', 'user/dashboard?page=1&per_page=50', undefined, mina.token);
    expect(new Set(mine.json().data.map((p: PostDto) => p.team_id))).toEqual(new Set([team.id]));
    const none = await t.api('GET', 'user/dashboard', undefined, outsider.token);
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });
});

describe('time order: back-dated posts take their place by time, not by id', () => {
  // Posts stamped earlier than posts inserted before them, as a check-in on its module's clock
  // or the demo seed's past are: every list is newest first by `created_at`, then by id.
  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const backDate = (id: number, at: string) =>
    t.db.kysely.updateTable('posts').set({ created_at: at }).where('id', '=', id).execute();
  let early: TeamDto;
  let late: TeamDto;
  let reader: SignedUpUser;
  /** Texts in the order expected, newest first. */
  let earlyOrder: string[];
  let allOrder: string[];

  const say = async (teamId: number, text: string, minutesAgo: number, kind = 'posts') => {
    const body = kind === 'posts' ? { content: text } : { text };
    const made = await created(await post(teamId, coach.token, body, kind));
    await backDate(made.id, ago(minutesAgo));
    return made;
  };
  const texts = (posts: PostDto[]) => posts.map((p) => p.data.text);
  /** Every page of `url` at `perPage`, one after the other, as a client scrolling down reads them. */
  const allPages = async (url: string, token: string, perPage: number) => {
    const seen: PostDto[] = [];
    for (let page = 1; ; page++) {
      const res = await t.api(
        'GET',
        `${url}${url.includes('?') ? '&' : '?'}page=${page}&per_page=${perPage}`,
        undefined,
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: PostDto[]; meta: { last_page: number; total: number } }>();
      seen.push(...body.data);
      if (page >= body.meta.last_page) {
        expect(seen).toHaveLength(body.meta.total);
        return seen;
      }
    }
  };

  beforeAll(async () => {
    reader = await buildUser(t, { first_name: 'Tess', last_name: 'Time' });
    early = await buildTeam(t, coach, 'Early Team');
    late = await buildTeam(t, coach, 'Late Team');
    await seatMembers(t, early.id, [{ user: reader, role: 4 }]);
    await seatMembers(t, late.id, [{ user: reader, role: 4 }]);
    const welcomes = await t.db.kysely
      .selectFrom('posts')
      .select('id')
      .where('team_id', 'in', [early.id, late.id])
      .execute();
    for (const w of welcomes) await backDate(w.id, ago(10 * 24 * 60));
    // Inserted in this order (ids rising), stamped out of it.
    await say(early.id, 'Six minutes ago', 6);
    await say(early.id, 'Three days ago', 3 * 24 * 60, 'celebration');
    await say(late.id, 'Late: one hour ago', 60);
    await say(early.id, 'Two hours ago', 120, 'celebration');
    await say(early.id, 'Five days ago', 5 * 24 * 60);
    await say(late.id, 'Late: four days ago', 4 * 24 * 60);
    await say(early.id, 'Just now', 0);
    // Two posts of one instant: the later id first.
    await say(early.id, 'One day ago, first in', 24 * 60, 'celebration');
    await say(early.id, 'One day ago, second in', 24 * 60, 'celebration');
    earlyOrder = [
      'Just now',
      'Six minutes ago',
      'Two hours ago',
      'One day ago, second in',
      'One day ago, first in',
      'Three days ago',
      'Five days ago',
      PostMessages.welcomePost,
    ];
    allOrder = [
      'Just now',
      'Six minutes ago',
      'Late: one hour ago',
      'Two hours ago',
      'One day ago, second in',
      'One day ago, first in',
      'Three days ago',
      'Late: four days ago',
      'Five days ago',
      PostMessages.welcomePost,
      PostMessages.welcomePost,
    ];
  });

  it('the team timeline is newest first by time, on one page and across every page size', async () => {
    expect(texts((await timeline(early.id, reader.token)).data)).toEqual(earlyOrder);
    for (const perPage of [1, 2, 3, 5]) {
      const pages = await allPages(`user/team/${early.id}/timeline`, reader.token, perPage);
      // No post skipped or repeated where a page ends.
      expect(texts(pages), `per_page=${perPage}`).toEqual(earlyOrder);
    }
  });

  it('the wall of fame is in time order too, across a page boundary', async () => {
    const fame = await allPages(`user/team/${early.id}/timeline?type_id=${PostType.celebration}`, reader.token, 2);
    expect(texts(fame)).toEqual(['Two hours ago', 'One day ago, second in', 'One day ago, first in', 'Three days ago']);
  });

  it('the dashboard interleaves the teams by time, across page boundaries', async () => {
    const first = await t.api('GET', 'user/dashboard?page=1&per_page=50', undefined, reader.token);
    expect(texts(first.json<{ data: PostDto[] }>().data)).toEqual(allOrder);
    for (const perPage of [2, 4]) {
      const pages = await allPages('user/dashboard', reader.token, perPage);
      expect(texts(pages), `per_page=${perPage}`).toEqual(allOrder);
    }
  });

  it('a post back-dated after the page was read lands in its place on the next read, not at the top', async () => {
    expect(texts((await timeline(early.id, reader.token)).data)).toEqual(earlyOrder);
    const moved = await say(early.id, 'Written now, dated four days ago', 4 * 24 * 60);
    const page = (await timeline(early.id, reader.token)).data;
    expect(page[0]!.data.text).toBe('Just now');
    expect(texts(page)).toEqual([
      ...earlyOrder.slice(0, 6),
      'Written now, dated four days ago',
      ...earlyOrder.slice(6),
    ]);
    await t.db.kysely.deleteFrom('posts').where('id', '=', moved.id).execute();
  });
});

describe('reactions (spec §4)', () => {
  let target: PostDto;
  const react = (token: string, buzz: number | string) =>
    t.api('POST', `user/team/${team.id}/post/${target.id}/buzz?buzz_type_id=${buzz}`, undefined, token);
  beforeAll(async () => {
    target = await created(await post(team.id, mina.token, { content: 'React to me' }));
  });

  it('set, change and clear: the count rises once per person and falls when cleared', async () => {
    let res = await react(pete.token, 7);
    expect(res.json().data).toMatchObject({
      buzz_type_id: 7,
      buzzes_count: 1,
      recent_buzz_activity_user: { id: pete.id },
    });
    res = await react(pete.token, 9);
    expect(res.json().data).toMatchObject({ buzz_type_id: 9, buzzes_count: 1 });
    res = await react(coach.token, 8);
    expect(res.json().data).toMatchObject({ buzz_type_id: 8, buzzes_count: 2 });
    expect(res.json().data.reactions.map((r: { user: { id: number } }) => r.user.id)).toEqual([coach.id, pete.id]);
    res = await t.api('DELETE', `user/team/${team.id}/post/${target.id}/buzz`, undefined, pete.token);
    expect(res.json().data).toMatchObject({ buzz_type_id: null, buzzes_count: 1 });
    res = await t.api('DELETE', `user/team/${team.id}/post/${target.id}/buzz`, undefined, pete.token);
    expect(res.json().data).toMatchObject({ buzz_type_id: null, buzzes_count: 1 });
    const list = await t.api('GET', `user/team/${team.id}/post/${target.id}/buzz`, undefined, mina.token);
    expect(list.json().data).toEqual([
      {
        id: expect.any(Number),
        buzz_type_id: 8,
        user: { id: coach.id, full_name: 'Cora Post', avatar: null, responded_at: expect.any(String) },
      },
    ]);
    // Each viewer sees their own reaction on the timeline.
    const seen = (await timeline(team.id, coach.token)).data.find((p) => p.id === target.id)!;
    expect(seen).toMatchObject({ buzz_type_id: 8, buzzes_count: 1 });
    expect((await timeline(team.id, pete.token)).data.find((p) => p.id === target.id)).toMatchObject({
      buzz_type_id: null,
    });
  });

  it('accepts only the five buzz reactions (ids 7–11)', async () => {
    for (const bad of [6, 12, 'great', ''])
      expectInvalid(await react(pete.token, bad), 'buzz_type_id', PostMessages.buzzInvalid);
  });

  it('many reactions at once still count once each', async () => {
    const fresh = await created(await post(team.id, mina.token, { content: 'Race me' }));
    await Promise.all(
      [7, 8, 9, 10, 11, 7].map((b) =>
        t.api('POST', `user/team/${team.id}/post/${fresh.id}/buzz?buzz_type_id=${b}`, undefined, pete.token),
      ),
    );
    const res = await t.api('GET', `user/team/${team.id}/posts/${fresh.id}`, undefined, pete.token);
    expect(res.json().data.buzzes_count).toBe(1);
  });

  it('another team’s post is not found through this team', async () => {
    const other = await buildTeam(t, coach, 'Other Team');
    const res = await t.api(
      'POST',
      `user/team/${other.id}/post/${target.id}/buzz?buzz_type_id=7`,
      undefined,
      coach.token,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('comments', () => {
  let target: PostDto;
  const comment = (token: string, body: object) =>
    t.api('POST', `user/team/${team.id}/post/${target.id}/expression`, body, token);
  beforeAll(async () => {
    target = await created(await post(team.id, mina.token, { content: 'Comment on me' }));
  });

  it('a text comment of at least 4 characters; the count and the commenter follow', async () => {
    expectInvalid(await comment(pete.token, { content: 'abc' }), 'content', PostMessages.commentMin);
    expectInvalid(await comment(pete.token, {}), 'content', PostMessages.commentRequired);
    const res = await comment(pete.token, { content: 'Great point', media_type: 'text' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      content: 'Great point',
      media: null,
      media_type: 'text',
      user: { id: pete.id },
      engagement: { expressions_count: 1, user_expressed: true, recent_expressed_activity_user: { id: pete.id } },
    });
    const seenByMina = (await timeline(team.id, mina.token)).data.find((p) => p.id === target.id)!;
    expect(seenByMina).toMatchObject({ expressions_count: 1, user_expressed: false });
  });

  it('pages newest first with meta.last_page', async () => {
    for (let i = 0; i < 21; i++) await comment(coach.token, { content: `Comment ${i}` });
    const first = await t.api('GET', `user/team/${team.id}/post/${target.id}/expression?page=1`, undefined, mina.token);
    expect(first.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 22 });
    expect(first.json().data[0].content).toBe('Comment 20');
    const second = await t.api(
      'GET',
      `user/team/${team.id}/post/${target.id}/expression?page=2`,
      undefined,
      mina.token,
    );
    expect(second.json().data.map((c: { content: string }) => c.content)).toEqual(['Comment 0', 'Great point']);
  });

  it('a file key nobody uploaded is refused and nothing is stored', async () => {
    const res = await comment(pete.token, {
      content: 'With a file',
      media: 'uploads/1/nothing.png',
      media_type: 'photo',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.media).toEqual([PostMessages.uploadNotFound]);
    const after = await t.api('GET', `user/team/${team.id}/posts/${target.id}`, undefined, pete.token);
    expect(after.json().data.expressions_count).toBe(22);
  });
});

describe('sharing and deleting', () => {
  it('a coach shares to another team they lead; the copy keeps its origin and cannot be shared again', async () => {
    const second = await buildTeam(t, coach, 'Second Team');
    const original = await created(await post(team.id, mina.token, { text: 'Shipped!', color_id: 3 }, 'celebration'));
    const res = await t.api(
      'POST',
      `user/team/${team.id}/posts/${original.id}/share`,
      { team_ids: [second.id, second.id] },
      coach.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(PostMessages.postShared);
    const copy = (await timeline(second.id, coach.token)).data[0]!;
    expect(copy).toMatchObject({
      is_forwarded: true,
      user: { id: coach.id },
      original_post: { user: { id: mina.id, full_name: 'Mina Post' }, team: { id: team.id, name: 'Timeline Team' } },
      data: { text: 'Shipped!', color: { id: 3 } },
      buzzes_count: 0,
    });
    const again = await t.api(
      'POST',
      `user/team/${second.id}/posts/${copy.id}/share`,
      { team_ids: [team.id] },
      coach.token,
    );
    expect(again.statusCode).toBe(403);
  });

  it('sharing to a team one does not lead, or to no team, is refused', async () => {
    const theirs = await buildTeam(t, pete, 'Pete Team');
    await seatMembers(t, theirs.id, [{ user: coach, role: 4 }]);
    const original = await created(await post(team.id, mina.token, { content: 'Share me' }));
    const url = `user/team/${team.id}/posts/${original.id}/share`;
    expectInvalid(
      await t.api('POST', url, { team_ids: [theirs.id] }, coach.token),
      'team_ids',
      PostMessages.shareTeamNotLead,
    );
    expectInvalid(await t.api('POST', url, { team_ids: [] }, coach.token), 'team_ids', PostMessages.shareChooseTeam);
    expectInvalid(
      await t.api('POST', url, { team_ids: [team.id] }, coach.token),
      'team_ids',
      PostMessages.shareChooseTeam,
    );
  });

  it('deleting a post takes its reactions and comments with it', async () => {
    const before = (await timeline(team.id, mina.token)).meta.total;
    const gone = await created(await post(team.id, mina.token, { content: 'Delete me soon' }));
    expect((await timeline(team.id, mina.token)).meta.total).toBe(before + 1);
    await t.api('POST', `user/team/${team.id}/post/${gone.id}/buzz?buzz_type_id=7`, undefined, pete.token);
    await t.api('POST', `user/team/${team.id}/post/${gone.id}/expression`, { content: 'Bye bye' }, pete.token);
    const res = await t.api('DELETE', `user/team/${team.id}/posts/${gone.id}`, undefined, mina.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: PostMessages.postDeleted });
    const after = await timeline(team.id, mina.token);
    expect(after.data.map((p) => p.id)).not.toContain(gone.id);
    expect(after.meta.total).toBe(before);
    const left = await t.db.kysely.selectFrom('reactions').select('id').where('post_id', '=', gone.id).execute();
    const comments = await t.db.kysely.selectFrom('comments').select('id').where('post_id', '=', gone.id).execute();
    expect([left, comments]).toEqual([[], []]);
    expect((await t.api('DELETE', `user/team/${team.id}/posts/${gone.id}`, undefined, mina.token)).statusCode).toBe(
      404,
    );
  });

  it('an unknown post type is stored and presented as such', async () => {
    const id = await writePost(t, { team_id: team.id, user_id: coach.id, type_id: 99, text: 'From the future' });
    const res = await t.api('GET', `user/team/${team.id}/posts/${id}`, undefined, mina.token);
    expect(res.json().data).toMatchObject({ type: 'unknown', type_id: 99 });
  });
});

describe('files on posts and comments', () => {
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

  it('a celebration with a photo: the file is read back by a signed URL; a key attaches once, by its uploader', async () => {
    const key = await uploadTeamFile(
      t,
      mina,
      team.id,
      sampleFile('png', 300),
      'win.png',
      'image/png',
      'team.celebration',
    );
    expectInvalid(
      await post(team.id, pete.token, { text: 'Not my file', media: key, media_type: 'photo' }, 'celebration'),
      'media',
      PostMessages.uploadNotFound,
    );
    const c = await created(await post(team.id, mina.token, { media: key, media_type: 'photo' }, 'celebration'));
    expect(c.data).toMatchObject({ text: null, media_type: 'photo' });
    expect(c.data.media).toMatch(/^\/files\/uploads\/.+\?.*signature=/);
    const file = await fetchFile(c.data.media!);
    expect(file.statusCode).toBe(200);
    expect(await samePixels(file.rawPayload, sampleFile('png', 300))).toBe(true);
    expectInvalid(
      await post(team.id, mina.token, { text: 'Again', media: key, media_type: 'photo' }, 'celebration'),
      'media',
      PostMessages.uploadAlreadyUsed,
    );
  });

  it('a comment with audio; a video comment is a video', async () => {
    const target = await created(await post(team.id, mina.token, { content: 'Say it out loud' }));
    const audio = await uploadTeamFile(t, pete, team.id, sampleFile('mp3'), 'note.mp3', 'audio/mpeg', 'expression');
    const res = await t.api(
      'POST',
      `user/team/${team.id}/post/${target.id}/expression`,
      { media: audio, media_type: 'audio' },
      pete.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ content: null, media_type: 'audio', engagement: { expressions_count: 1 } });
    expect((await fetchFile(res.json().data.media)).statusCode).toBe(200);
  });

  it('a shared copy keeps its file when the original post, and then its whole team, are deleted', async () => {
    const home = await buildTeam(t, coach, 'Home Team');
    const away = await buildTeam(t, coach, 'Away Team');
    const key = await uploadTeamFile(
      t,
      coach,
      home.id,
      sampleFile('jpg', 400),
      'team.jpg',
      'image/jpeg',
      'team.celebration',
    );
    const original = await created(await post(home.id, coach.token, { text: 'Team photo', media: key }, 'celebration'));
    const shared = await t.api(
      'POST',
      `user/team/${home.id}/posts/${original.id}/share`,
      { team_ids: [away.id] },
      coach.token,
    );
    expect(shared.statusCode).toBe(201);
    expect(
      (await t.api('DELETE', `user/team/${home.id}/posts/${original.id}`, undefined, coach.token)).statusCode,
    ).toBe(200);
    await deleteAndPurge(t, home.id, coach.token);
    const copy = (await timeline(away.id, coach.token)).data[0]!;
    expect(copy).toMatchObject({ is_forwarded: true, original_post: { team: { name: 'Deleted engagement' } } });
    expect((await fetchFile(copy.data.media!)).statusCode).toBe(200);
    // Deleting the last post that uses it removes the file.
    expect((await t.api('DELETE', `user/team/${away.id}/posts/${copy.id}`, undefined, coach.token)).statusCode).toBe(
      200,
    );
    expect((await fetchFile(copy.data.media!)).statusCode).toBe(404);
  });
});

describe('lookups', () => {
  it('moods by group, buzzes 7–11, colours with gradients; images are served', async () => {
    const moods = (await t.api('GET', 'mood?mood_group_id=1', undefined, mina.token)).json().data;
    expect(moods.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const buzz = (await t.api('GET', 'mood?mood_group_id=2', undefined, mina.token)).json().data;
    expect(buzz.map((m: { name: string }) => m.name)).toEqual([
      'great',
      'congratulations',
      'Unsure',
      'Confused',
      'Sad',
    ]);
    expect((await t.api('GET', 'buzzes', undefined, mina.token)).json().data).toEqual(buzz);
    expect((await t.api('GET', 'mood?mood_group_id=3', undefined, mina.token)).statusCode).toBe(422);
    const colors = (await t.api('GET', 'user/colors', undefined, mina.token)).json().data;
    expect(colors[0]).toEqual({ id: 1, name: 'white', color_gradient: ['#ffffff', '#f3f4f6'] });
    for (const m of [...moods, ...buzz]) {
      const img = await t.app.inject({ method: 'GET', url: m.media });
      expect(img.statusCode, m.media).toBe(200);
      expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });
});
