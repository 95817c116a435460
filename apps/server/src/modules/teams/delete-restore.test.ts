/**
 * Deleting an engagement (decisions.md, ADR 0019): the owner's act alone; the team is gone for
 * every member at once (caches warm or not), restorable by its owner for TEAM_RESTORE_DAYS, then
 * erased with every row and file of it by the purge job.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Messages, type DeletedTeamDto, type MemberDto, type TeamDto } from '@rally/contract';
import { useTestApp, whileSchemasStay } from '../../test/app.js';
import { buildUser, uniqueEmail, type SignedUpUser } from '../../test/factories.js';
import { sampleFile } from '../../test/samples.js';
import {
  PNG_1X1,
  addMembers,
  ageDeletion,
  createTeam,
  invite,
  join,
  membersOf,
  pendingCode,
  pendingOf,
  postTeamAvatar,
  teamsOf,
} from '../../test/teams.js';

const t = useTestApp();
let owner: SignedUpUser;
let admin: SignedUpUser;
let member: SignedUpUser;

beforeAll(async () => {
  owner = await buildUser(t, { first_name: 'Orla', last_name: 'Owner' });
  admin = await buildUser(t, { first_name: 'Abe', last_name: 'Admin' });
  member = await buildUser(t, { first_name: 'Mia', last_name: 'Member' });
});

const everyone = () => [owner, admin, member];
const get = (url: string, user: SignedUpUser) => t.api('GET', url, undefined, user.token);
const del = (teamId: number, user: SignedUpUser) => t.api('DELETE', `user/team/${teamId}`, undefined, user.token);
const restore = (teamId: number, user: SignedUpUser) =>
  t.api('POST', `user/team/${teamId}/restore`, undefined, user.token);
const deletedOf = async (user: SignedUpUser): Promise<DeletedTeamDto[]> => {
  const res = await get('user/teams/deleted', user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A team of owner, admin (3) and member (4) with a post of the member's that the admin commented on. */
async function engagedTeam(): Promise<{ team: TeamDto; marker: string; postId: number }> {
  const team = await createTeam(t, owner);
  await addMembers(t, team.id, owner, [member], [admin]);
  const marker = `Marker ${team.id} ${Date.now()}`;
  const post = await t.api('POST', `user/team/${team.id}/posts`, { content: marker }, member.token);
  expect(post.statusCode, post.body).toBe(201);
  const postId: number = post.json().data.id;
  const comment = await t.api(
    'POST',
    `user/team/${team.id}/post/${postId}/expression`,
    { content: `Comment on ${marker}`, media_type: 'text' },
    admin.token,
  );
  expect(comment.statusCode, comment.body).toBe(201);
  await t.app.queue.idle(); // the member's notification of the comment
  return { team, marker, postId };
}

/** What `user` can see of the team through every read that lists or opens it. */
async function sight(team: TeamDto, marker: string, user: SignedUpUser) {
  const status = async (p: string) => (await get(`user/team/${team.id}/${p}`, user)).statusCode;
  return {
    listed: (await teamsOf(t, user)).find((x) => x.id === team.id)?.role_id ?? null,
    timeline: await status('timeline'),
    members: await status('members'),
    profile: await status('profile'),
    level: await status('level-of-engagement'),
    todos: await status('todo-list'),
    dashboard: (await get('user/dashboard', user)).body.includes(marker),
    notifications: (await get('user/notifications?page=1', user)).body.includes(`"team_name":"${team.name}"`),
  };
}

const gone = { listed: null, timeline: 404, members: 404, profile: 404, level: 404, todos: 404, dashboard: false };

describe('who may delete', () => {
  it('an admin or a member is refused (403) and the team stays for everyone', async () => {
    const { team, marker } = await engagedTeam();
    for (const user of [admin, member]) {
      const res = await del(team.id, user);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ message: Messages.forbidden, code: 'forbidden' });
    }
    for (const user of everyone()) expect((await sight(team, marker, user)).timeline).toBe(200);
    expect((await membersOf(t, team.id, owner)).map((m: MemberDto) => m.id).sort()).toEqual(
      everyone()
        .map((u) => u.id)
        .sort(),
    );
    expect(await deletedOf(owner)).not.toContainEqual(expect.objectContaining({ id: team.id }));
  });
});

describe('the owner deletes, then restores', () => {
  it('the team is gone for every member at once, also with every cache warm', async () => {
    const { team, marker } = await engagedTeam();
    for (const user of everyone()) {
      // Twice: the second read is served from the team cards and the timeline page caches.
      await sight(team, marker, user);
      const before = await sight(team, marker, user);
      expect(before).toMatchObject({ timeline: 200, members: 200, profile: 200, dashboard: true });
      expect(before.listed).not.toBeNull();
    }
    expect((await sight(team, marker, member)).notifications).toBe(true);

    const res = await del(team.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(Messages.teamDeleted);

    for (const user of everyone()) expect(await sight(team, marker, user)).toEqual({ ...gone, notifications: false });
    expect((await del(team.id, owner)).statusCode).toBe(404);
    const [listed] = (await deletedOf(owner)).filter((x) => x.id === team.id);
    expect(listed).toMatchObject({ id: team.id, name: team.name, is_personal: false, days_left: 30 });
    expect(Date.parse(listed!.restorable_until) - Date.parse(listed!.deleted_at)).toBe(30 * 24 * 3600_000);
    // Only the owner's list has it.
    for (const user of [admin, member]) expect((await deletedOf(user)).map((x) => x.id)).not.toContain(team.id);
  });

  it('a restore within the window brings everything back, for everyone, as it was', async () => {
    const { team, marker } = await engagedTeam();
    const members = await membersOf(t, team.id, owner);
    const seen = new Map<number, Awaited<ReturnType<typeof sight>>>();
    for (const user of everyone()) seen.set(user.id, await sight(team, marker, user));

    expect((await del(team.id, owner)).statusCode).toBe(200);
    for (const user of everyone()) await sight(team, marker, user); // warm the caches with the team gone
    await ageDeletion(t, team.id, 29); // a day before the window ends

    const res = await restore(team.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: Messages.teamRestored, data: { id: team.id, role_id: 2 } });
    for (const user of everyone()) expect(await sight(team, marker, user)).toEqual(seen.get(user.id));
    expect(await membersOf(t, team.id, owner)).toEqual(members);
    expect((await deletedOf(owner)).map((x) => x.id)).not.toContain(team.id);
    expect((await restore(team.id, owner)).statusCode).toBe(404); // not deleted any more
  });

  it('only the owner restores; after the window it is refused (410) and no longer listed', async () => {
    const { team, marker } = await engagedTeam();
    expect((await del(team.id, owner)).statusCode).toBe(200);
    for (const user of [admin, member]) expect((await restore(team.id, user)).statusCode).toBe(404);

    await ageDeletion(t, team.id, t.config.TEAM_RESTORE_DAYS + 0.01);
    const late = await restore(team.id, owner);
    expect(late.statusCode, late.body).toBe(410);
    expect(late.json()).toMatchObject({ message: Messages.restoreWindowOver, code: 'restore_window_over' });
    expect((await deletedOf(owner)).map((x) => x.id)).not.toContain(team.id);
    for (const user of everyone()) expect(await sight(team, marker, user)).toEqual({ ...gone, notifications: false });
    expect((await restore(99_999_999, owner)).statusCode).toBe(404);
  });
});

describe('posts shared out of a deleted team', () => {
  it('stay in the other team, without the deleted team’s name; it comes back with a restore', async () => {
    const { team, postId } = await engagedTeam();
    const other = await createTeam(t, owner);
    const shared = await t.api(
      'POST',
      `user/team/${team.id}/posts/${postId}/share`,
      { team_ids: [other.id] },
      owner.token,
    );
    expect(shared.statusCode, shared.body).toBe(201);
    const copyId: number = (await get(`user/team/${other.id}/timeline`, owner)).json().data[0].id;
    // The post itself (a cached timeline page may name the origin up to its TTL longer, as after a rename).
    const origin = async () =>
      (await get(`user/team/${other.id}/posts/${copyId}`, owner)).json().data.original_post.team;
    expect(await origin()).toEqual({ id: team.id, name: team.name });

    expect((await del(team.id, owner)).statusCode).toBe(200);
    expect(await origin()).toEqual({ id: 0, name: 'Deleted engagement' });
    // Nor is it a share target any more (the owner led it).
    const own = await t.api('POST', `user/team/${other.id}/posts`, { content: 'Pass it on' }, owner.token);
    const into = await t.api(
      'POST',
      `user/team/${other.id}/posts/${own.json().data.id}/share`,
      { team_ids: [team.id] },
      owner.token,
    );
    expect(into.statusCode, into.body).toBe(422);
    expect(await t.db.kysely.selectFrom('posts').select('id').where('team_id', '=', team.id).execute()).toHaveLength(
      2, // the welcome message and the member's post, nothing shared in
    );
    expect((await restore(team.id, owner)).statusCode).toBe(200);
    expect(await origin()).toEqual({ id: team.id, name: team.name });
  });
});

describe('invitations to a deleted team', () => {
  it('are no longer pending and cannot be accepted; after a restore they can', async () => {
    const team = await createTeam(t, owner);
    const invitee = await buildUser(t);
    expect((await invite(t, team.id, [invitee.email], owner.token)).statusCode).toBe(200);
    const code = await pendingCode(t, team.id, invitee.email);
    expect((await pendingOf(t, invitee)).meta.total).toBe(1);

    expect((await del(team.id, owner)).statusCode).toBe(200);
    expect((await pendingOf(t, invitee)).meta.total).toBe(0);
    const refused = await join(t, code, invitee.token);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(Messages.joinCodeInvalid);
    expect((await teamsOf(t, invitee)).map((x) => x.id)).not.toContain(team.id);

    expect((await restore(team.id, owner)).statusCode).toBe(200);
    expect((await pendingOf(t, invitee)).meta.total).toBe(1);
    const joined = await join(t, code, invitee.token);
    expect(joined.statusCode, joined.body).toBe(200);
  });
});

describe('a personal team', () => {
  it('once deleted, a new one may be made; the old one is not restored beside it (409)', async () => {
    const solo = await buildUser(t);
    await t.db.kysely.deleteFrom('subscriptions').where('user_id', '=', solo.id).execute(); // no Coach plan
    const first = await createTeam(t, solo, 'Solo One');
    expect(first.is_personal).toBe(true);
    expect((await del(first.id, solo)).statusCode).toBe(200);
    const second = await createTeam(t, solo, 'Solo Two');
    const res = await restore(first.id, solo);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: Messages.personalTeamExists, code: 'personal_team_exists' });
    expect((await del(second.id, solo)).statusCode).toBe(200);
    expect((await restore(first.id, solo)).statusCode).toBe(200);
    expect((await teamsOf(t, solo)).map((x) => x.id)).toEqual([first.id]);
  });
});

describe('the purge job', () => {
  /** Every table with a `team_id` column and every one with a `post_id` column. */
  async function tablesWith(column: string): Promise<string[]> {
    // On PostgreSQL the introspection lists every schema: only this test's own tables count.
    // It reads every schema, so none may be dropped meanwhile.
    const tables = (await whileSchemasStay(() => t.db.kysely.introspection.getTables())).filter(
      (x) => !t.pgSchema || x.schema === t.pgSchema,
    );
    return tables.filter((x) => x.columns.some((c) => c.name === column)).map((x) => x.name);
  }
  async function rowsOf(column: string, ids: number[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of await tablesWith(column)) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(
        column,
      )} in (${sql.join(ids)})`.execute(t.db.kysely);
      const n = Number(rows[0]!.n);
      if (n > 0) counts[table] = n;
    }
    return counts;
  }
  const fileOf = (url: string) =>
    path.join(t.dataDir, decodeURIComponent(url.split('?')[0]!).replace(/^\/files\//, 'files/'));

  /** A team with a bit of everything: members, posts with a photo, a comment, a reaction, a picture, lists, topics, invitations. */
  async function fullTeam() {
    const { team, postId } = await engagedTeam();
    const q = new URLSearchParams({
      filename: 'win.png',
      mime_type: 'image/png',
      file_size: '300',
      resource_type: 'team',
      resource_id: String(team.id),
      resource_policy: 'team.celebration',
    });
    const signed = (await get(`s3-upload-presigned-request?${q.toString()}`, member)).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.url,
      payload: sampleFile('png', 300),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const photo = await t.api(
      'POST',
      `user/team/${team.id}/celebration`,
      { media: signed.key, media_type: 'photo' },
      member.token,
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const avatar = await postTeamAvatar(t, team.id, owner.token, PNG_1X1);
    expect(avatar.statusCode, avatar.body).toBe(200);
    const writes: ['POST', string, object][] = [
      ['POST', `user/team/${team.id}/post/${postId}/buzz?buzz_type_id=7`, {}],
      ['POST', `user/team/${team.id}/todo-list`, { name: 'Sprint tasks' }],
      ['POST', `user/team/${team.id}/topic`, { content: 'What went well today?' }],
      ['POST', `user/team/${team.id}/checkin`, {}],
    ];
    for (const [method, url, body] of writes) {
      const res = await t.api(method, url, body, owner.token);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    }
    expect((await invite(t, team.id, [uniqueEmail('never')], owner.token)).statusCode).toBe(200);
    await t.app.queue.idle();
    const files = [fileOf(photo.json().data.data.media), fileOf(avatar.json().data.avatar)];
    for (const file of files) expect(existsSync(file), file).toBe(true);
    const postIds = (await t.db.kysely.selectFrom('posts').select('id').where('team_id', '=', team.id).execute()).map(
      (r) => r.id,
    );
    return { team, files, postIds };
  }

  it('erases every row of a team past its window, and its files; a team within it is kept', async () => {
    const doomed = await fullTeam();
    const kept = await fullTeam();
    const before = await rowsOf('team_id', [kept.team.id]);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['team_members', 'posts', 'uploads', 'notifications', 'invitations', 'todo_lists']),
    );
    for (const { team } of [doomed, kept]) expect((await del(team.id, owner)).statusCode).toBe(200);
    await ageDeletion(t, doomed.team.id, t.config.TEAM_RESTORE_DAYS + 1);
    await ageDeletion(t, kept.team.id, t.config.TEAM_RESTORE_DAYS - 1);

    expect(await t.app.teamPurge.purgeExpired()).toBeGreaterThanOrEqual(1);

    expect(await rowsOf('team_id', [doomed.team.id])).toEqual({});
    expect(await rowsOf('post_id', doomed.postIds)).toEqual({});
    expect(await t.db.kysely.selectFrom('teams').select('id').where('id', '=', doomed.team.id).execute()).toEqual([]);
    for (const file of doomed.files) expect(existsSync(file), file).toBe(false);

    // The other one is untouched (its members set aside, everything else in place) and restorable.
    // The event log only grows: its deletion and restore are events of their own (ADR 0024).
    const { events: logged = 0, ...keptBefore } = before;
    const { events: loggedAfter = 0, ...after } = await rowsOf('team_id', [kept.team.id]);
    expect(after).toEqual({
      ...Object.fromEntries(Object.entries(keptBefore).filter(([table]) => table !== 'team_members')),
      deleted_team_members: before.team_members,
    });
    expect(loggedAfter).toBe(logged + 1);
    for (const file of kept.files) expect(existsSync(file), file).toBe(true);
    expect((await restore(kept.team.id, owner)).statusCode).toBe(200);
    const { events: loggedRestored = 0, ...restored } = await rowsOf('team_id', [kept.team.id]);
    expect(restored).toEqual(keptBefore);
    expect(loggedRestored).toBe(logged + 2);
  });

  // One run at a time is the work queue's (a periodic job is one keyed chain, queue tests); two
  // runs that overlap anyway (a job whose lease ran out) still erase each team exactly once.
  it('runs started together erase each team once', async () => {
    const teams = [await createTeam(t, owner), await createTeam(t, owner)];
    for (const team of teams) {
      expect((await del(team.id, owner)).statusCode).toBe(200);
      await ageDeletion(t, team.id, t.config.TEAM_RESTORE_DAYS + 1);
    }
    const counts = await Promise.all([t.app.teamPurge.purgeExpired(), t.app.teamPurge.purgeExpired()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const left = await t.db.kysely
      .selectFrom('teams')
      .select('id')
      .where(
        'id',
        'in',
        teams.map((x) => x.id),
      )
      .execute();
    expect(left).toEqual([]);
  });
});
