import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostType, type PageMeta, type PostDto, type TeamDto } from '@rally/contract';
import { nowIso } from '../../lib/clock.js';
import { buildSecondProcess, type TestApp, useTestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, seatMembers, writePost } from '../../test/teams.js';
import { TimelineCache, cachedPage, renderPage } from './timeline-cache.js';

/*
 * The timeline's page cache (ADR 0015): every kind of write is seen by the next read, whoever
 * wrote it (this module, another module's raw insert, another app process on the same
 * database), and each viewer sees their own reaction and comments on a page others share.
 * "From the cache" is told by the query count: 1 (membership + version + the viewer's part)
 * against 3 for a page read afresh. The session is resolved before each counted read, so the
 * count is the timeline's own (the session cache keeps it).
 */

// Both apps of the two-process test must accept the same tokens and signed URLs.
const secret = randomBytes(32).toString('hex');
const t = useTestApp({ APP_SECRET: secret });

type Page = { data: PostDto[]; meta: PageMeta };
const CACHED = 1;
const FRESH = 3;

let coach: SignedUpUser;
let mina: SignedUpUser;
let pete: SignedUpUser;
let team: TeamDto;

beforeAll(async () => {
  [coach, mina, pete] = (await Promise.all(
    ['Cleo', 'Mina', 'Pete'].map((first_name) => buildUser(t, { first_name, last_name: 'Cache' })),
  )) as [SignedUpUser, SignedUpUser, SignedUpUser];
  team = await buildTeam(t, coach, 'Cache Team');
  await seatMembers(t, team.id, [
    { user: mina, role: 4 },
    { user: pete, role: 4 },
  ]);
});

/** Page 1 of the team's timeline as `token`'s user sees it, with how many queries it took. */
async function read(app: TestApp, teamId: number, token: string, query = '') {
  expect((await app.api('GET', 'user/profile', undefined, token)).statusCode).toBe(200);
  const { result, queries } = await app.queriesOf(() =>
    app.api('GET', `user/team/${teamId}/timeline?page=1${query}`, undefined, token),
  );
  expect(result.statusCode, result.body).toBe(200);
  expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
  return { page: result.json<Page>(), queries: queries.length, body: result.body };
}

/** Reads until the page comes from the cache (the first read may fill it). */
async function warm(app: TestApp, teamId: number, token: string): Promise<Page> {
  await read(app, teamId, token);
  const again = await read(app, teamId, token);
  expect(again.queries).toBe(CACHED);
  return again.page;
}

async function ok(res: Awaited<ReturnType<TestApp['api']>>) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ data: PostDto }>().data;
}

const postText = async (app: TestApp, teamId: number, token: string, content: string) =>
  ok(await app.api('POST', `user/team/${teamId}/posts`, { content }, token));

const find = (page: Page, id: number) => page.data.find((p) => p.id === id);

describe('every kind of write is seen by the next read', () => {
  let target: PostDto;
  beforeAll(async () => {
    target = await ok(await t.api('POST', `user/team/${team.id}/posts`, { content: 'Cache me' }, mina.token));
  });

  it('serves a page to every member from one cached copy, as it would have read it afresh', async () => {
    const fresh = await read(t, team.id, coach.token);
    const cached = await read(t, team.id, coach.token);
    expect(cached.queries).toBe(CACHED);
    expect(cached.page).toEqual(fresh.page);
    // Another member: the same shared part, from the cache.
    expect((await read(t, team.id, pete.token)).queries).toBe(CACHED);
  });

  it('a new post (this module)', async () => {
    await warm(t, team.id, coach.token);
    const before = (await read(t, team.id, coach.token)).page.meta.total;
    const created = await ok(await t.api('POST', `user/team/${team.id}/posts`, { content: 'Fresh one' }, pete.token));
    const after = await read(t, team.id, coach.token);
    expect(after.queries).toBe(FRESH);
    expect(after.page.data[0]).toMatchObject({ id: created.id, data: { text: 'Fresh one' } });
    expect(after.page.meta.total).toBe(before + 1);
  });

  it('a reaction set, changed and cleared; each viewer sees their own', async () => {
    await warm(t, team.id, coach.token);
    const react = (buzz: number | null) =>
      buzz === null
        ? t.api('DELETE', `user/team/${team.id}/post/${target.id}/buzz`, undefined, pete.token)
        : t.api('POST', `user/team/${team.id}/post/${target.id}/buzz?buzz_type_id=${buzz}`, undefined, pete.token);

    await ok(await react(7));
    let seen = await read(t, team.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    expect(find(seen.page, target.id)).toMatchObject({
      buzz_type_id: null,
      buzzes_count: 1,
      reactions: [{ buzz_type_id: 7, user: { id: pete.id } }],
      recent_buzz_activity_user: { id: pete.id },
    });
    // Pete's own reaction, laid over the page the coach's read filled.
    const petes = await read(t, team.id, pete.token);
    expect(petes.queries).toBe(CACHED);
    expect(find(petes.page, target.id)).toMatchObject({ buzz_type_id: 7, buzzes_count: 1 });

    // Changing a reaction touches only `reactions` (the count stays): still seen.
    await ok(await react(9));
    seen = await read(t, team.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    expect(find(seen.page, target.id)).toMatchObject({ buzzes_count: 1, reactions: [{ buzz_type_id: 9 }] });
    expect(find((await read(t, team.id, pete.token)).page, target.id)!.buzz_type_id).toBe(9);

    await ok(await react(null));
    seen = await read(t, team.id, coach.token);
    expect(find(seen.page, target.id)).toMatchObject({ buzz_type_id: null, buzzes_count: 0, reactions: [] });
    expect(find((await read(t, team.id, pete.token)).page, target.id)!.buzz_type_id).toBeNull();
  });

  it('a comment; only its author sees user_expressed', async () => {
    await warm(t, team.id, coach.token);
    await ok(
      await t.api('POST', `user/team/${team.id}/post/${target.id}/expression`, { content: 'Nice one' }, pete.token),
    );
    const coachs = await read(t, team.id, coach.token);
    expect(coachs.queries).toBe(FRESH);
    expect(find(coachs.page, target.id)).toMatchObject({
      expressions_count: 1,
      user_expressed: false,
      recent_expressed_activity_user: { id: pete.id },
    });
    const petes = await read(t, team.id, pete.token);
    expect(petes.queries).toBe(CACHED);
    expect(find(petes.page, target.id)).toMatchObject({ expressions_count: 1, user_expressed: true });
  });

  it('a share: the copy is on the target team’s next read', async () => {
    const second = await buildTeam(t, coach, 'Cache Second');
    await warm(t, second.id, coach.token);
    const original = await ok(
      await t.api('POST', `user/team/${team.id}/celebration`, { text: 'Shared news', color_id: 2 }, mina.token),
    );
    const res = await t.api(
      'POST',
      `user/team/${team.id}/posts/${original.id}/share`,
      { team_ids: [second.id] },
      coach.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const seen = await read(t, second.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    expect(seen.page.data[0]).toMatchObject({ is_forwarded: true, data: { text: 'Shared news' } });
  });

  it('a delete', async () => {
    const doomed = await postText(t, team.id, mina.token, 'Short-lived');
    expect((await warm(t, team.id, coach.token)).data[0]!.id).toBe(doomed.id);
    const res = await t.api('DELETE', `user/team/${team.id}/posts/${doomed.id}`, undefined, mina.token);
    expect(res.statusCode, res.body).toBe(200);
    const seen = await read(t, team.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    expect(find(seen.page, doomed.id)).toBeUndefined();
  });

  /** A post of Mina's written straight into `posts`, as another module would; its id. */
  const insertPostRow = (row: { type_id: number; text: string; created_at: string }) =>
    writePost(t, { team_id: team.id, user_id: mina.id, ...row });

  it('posts another module writes straight into `posts` (insert, update, delete), and a rename', async () => {
    const db = t.db.kysely;
    await warm(t, team.id, coach.token);
    const id = await insertPostRow({
      type_id: PostType.todo,
      text: 'A to-do list, posted by its module',
      created_at: nowIso(),
    });
    let seen = await read(t, team.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    expect(seen.page.data[0]).toMatchObject({
      id,
      type_id: PostType.todo,
      data: { text: 'A to-do list, posted by its module' },
    });

    await warm(t, team.id, coach.token);
    await db
      .updateTable('posts')
      .set({ extra: JSON.stringify({ topic: 'Updated by its module' }) })
      .where('id', '=', id)
      .execute();
    seen = await read(t, team.id, coach.token);
    expect(seen.page.data[0]!.data.topic).toBe('Updated by its module');

    await warm(t, team.id, coach.token);
    await db.updateTable('users').set({ first_name: 'Minerva' }).where('id', '=', mina.id).execute();
    seen = await read(t, team.id, coach.token);
    expect(seen.page.data[0]!.user.full_name).toBe('Minerva Cache');

    await warm(t, team.id, coach.token);
    await db.deleteFrom('posts').where('id', '=', id).execute();
    seen = await read(t, team.id, coach.token);
    expect(find(seen.page, id)).toBeUndefined();
  });

  it('a back-dated post inserted later is read afresh and lands in its place by time, not at the top', async () => {
    const db = t.db.kysely;
    const before = await warm(t, team.id, coach.token);
    // Older than the page's newest post, newer than its oldest: a check-in answered on its
    // module's clock, say.
    const newest = before.data[0]!;
    const oldest = before.data[before.data.length - 1]!;
    const at = new Date((Date.parse(newest.created_at) + Date.parse(oldest.created_at)) / 2).toISOString();
    const id = await insertPostRow({ type_id: PostType.text, text: 'Written now, dated earlier', created_at: at });
    const seen = await read(t, team.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    const times = seen.page.data.map((p) => p.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(seen.page.data[0]!.id).toBe(newest.id);
    expect(find(seen.page, id)).toBeDefined();
    await db.deleteFrom('posts').where('id', '=', id).execute();
  });

  it('still answers 404 to someone who is not (or no longer) a member, cached page or not', async () => {
    await warm(t, team.id, coach.token);
    const outsider = await buildUser(t, { first_name: 'Otto', last_name: 'Cache' });
    const res = await t.api('GET', `user/team/${team.id}/timeline?page=1`, undefined, outsider.token);
    expect(res.statusCode).toBe(404);
    await t.db.kysely
      .deleteFrom('team_members')
      .where('team_id', '=', team.id)
      .where('user_id', '=', pete.id)
      .execute();
    expect((await t.api('GET', `user/team/${team.id}/timeline?page=1`, undefined, pete.token)).statusCode).toBe(404);
    await seatMembers(t, team.id, [{ user: pete, role: 4 }]);
  });
});

describe('two app processes on one database', () => {
  let other: TestApp;
  beforeAll(async () => {
    // The same data folder (SQLite file) or PostgreSQL schema, a process of its own: its own cache.
    other = await buildSecondProcess(t, { APP_SECRET: secret });
  });
  afterAll(() => other?.close());

  it('a write through either is seen by the next read of the other', async () => {
    const one = await postText(t, team.id, mina.token, 'Written through app one');
    await warm(t, team.id, coach.token);
    let seen = await read(other, team.id, coach.token);
    expect(seen.page.data[0]!.id).toBe(one.id);
    await warm(other, team.id, coach.token);

    // Post through the other process: the first one's cached page is stale at once.
    const two = await postText(other, team.id, pete.token, 'Written through app two');
    seen = await read(t, team.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    expect(seen.page.data[0]!.id).toBe(two.id);

    // React and comment through the first: the other's next read has the counts.
    await warm(other, team.id, coach.token);
    await ok(await t.api('POST', `user/team/${team.id}/post/${two.id}/buzz?buzz_type_id=8`, undefined, mina.token));
    await ok(await t.api('POST', `user/team/${team.id}/post/${two.id}/expression`, { content: 'Seen' }, mina.token));
    seen = await read(other, team.id, coach.token);
    expect(seen.queries).toBe(FRESH);
    expect(find(seen.page, two.id)).toMatchObject({ buzzes_count: 1, expressions_count: 1, buzz_type_id: null });
    const minas = await read(other, team.id, mina.token);
    expect(minas.queries).toBe(CACHED);
    expect(find(minas.page, two.id)).toMatchObject({ buzz_type_id: 8, user_expressed: true });

    // Delete through the other: gone from the first's next read.
    await warm(t, team.id, coach.token);
    const res = await other.api('DELETE', `user/team/${team.id}/posts/${two.id}`, undefined, pete.token);
    expect(res.statusCode, res.body).toBe(200);
    seen = await read(t, team.id, coach.token);
    expect(find(seen.page, two.id)).toBeUndefined();
  });
});

describe('TimelineCache', () => {
  const meta = { current_page: 1, last_page: 1, per_page: 10, total: 0 };

  it('a page serves only its version, within the TTL', () => {
    let now = 1_000;
    const cache = new TimelineCache(500, 10, () => now);
    const page = { ...cachedPage(3, [], meta), at: now };
    expect(cache.usable(page, 3)).toBe(true);
    expect(cache.usable(page, 4)).toBe(false);
    now += 500;
    expect(cache.usable(page, 3)).toBe(false);
    expect(cache.usable(undefined, 3)).toBe(false);
  });

  it('keeps the most recently used pages, never a page older than the one kept, one fill at a time', async () => {
    const cache = new TimelineCache(60_000, 2);
    const fill = (key: string, version: number) =>
      cache.fill(key, version, () => Promise.resolve({ page: cachedPage(version, [], meta) }));
    await fill('a', 1);
    await fill('b', 1);
    cache.touch('a', cache.peek('a')!);
    await fill('c', 1);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')].map((p) => p !== undefined)).toEqual([
      true,
      false,
      true,
    ]);
    await fill('a', 5);
    await fill('a', 4); // a slower read of an older version finishing last
    expect(cache.peek('a')!.version).toBe(5);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.fill('d', 1, async () => {
      await gate;
      return { page: cachedPage(1, [], meta) };
    });
    expect(cache.pending('d', 1)).toBeDefined();
    expect(cache.pending('d', 2)).toBeUndefined();
    release();
    await slow;
    expect(cache.pending('d', 1)).toBeUndefined();
  });

  it('renders an empty page', () => {
    expect(JSON.parse(renderPage(cachedPage(1, [], meta), { buzzes: new Map(), expressed: new Set() }))).toEqual({
      data: [],
      meta,
    });
  });
});
