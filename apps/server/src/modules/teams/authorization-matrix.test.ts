/**
 * Spec §6 as a table: every team, member and invitation endpoint, called by a guest, an
 * outsider, a member (role 4), an admin (role 3) and the owner (role 2). Reads share one team;
 * every case that changes a team gets a fresh one, so the cases stay independent. A case that
 * asks the contract's permission table names the ability it asks, and every ability with an
 * endpoint must be asked by some case.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ABILITIES,
  Limits,
  Messages,
  PostType,
  type Ability,
  type MemberDto,
  type PortfolioRowDto,
  type PostDto,
  type TeamDto,
  PostMessages,
  PortfolioMessages,
} from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { MP4_CLIP } from '../../test/samples.js';
import { buildUser, lastMailedCode, uniqueEmail, type SignedUpUser } from '../../test/factories.js';
import {
  PNG_1X1,
  addMembers,
  buildTeam,
  createTeam,
  invite,
  join,
  membersOf,
  multipart,
  pendingCode,
  pngOfSize,
  postTeamAvatar,
  seatMembers,
  setPlan,
  teamsOf,
  writePost,
} from '../../test/teams.js';

type Actor = 'guest' | 'outsider' | 'member' | 'admin' | 'owner';
const ACTORS: readonly Actor[] = ['guest', 'outsider', 'member', 'admin', 'owner'];
type Person = Exclude<Actor, 'guest'> | 'peer';

const t = useTestApp();
let people: Record<Person, SignedUpUser>;
/** The shared team of the read-only cases. */
let shared: TeamDto;
/** A pending invitation to the shared team, sent to an address nobody in the matrix owns. */
let foreignCode: string;

const secretName = () => `Secret Matrix ${randomBytes(4).toString('hex')}`;

/**
 * owner (2), admin (3), member and peer (4) in a new team; the outsider stays out. The shared
 * team is built through the API (create, invite, join, promote); the many fresh ones are written
 * directly.
 */
async function makeTeam(viaApi = false): Promise<TeamDto> {
  if (viaApi) {
    const team = await createTeam(t, people.owner, secretName());
    await addMembers(t, team.id, people.owner, [people.member, people.peer], [people.admin]);
    return team;
  }
  const team = await buildTeam(t, people.owner, secretName());
  await seatMembers(t, team.id, [
    { user: people.admin, role: 3 },
    { user: people.member, role: 4 },
    { user: people.peer, role: 4 },
  ]);
  return team;
}

interface Case {
  name: string;
  /** The ability of the contract's table the endpoint asks, if it asks one. */
  ability?: Ability;
  /** Expected status per caller. */
  expected: Record<Actor, number>;
  /** The case changes the team: it runs on a team of its own. */
  fresh?: boolean;
  call: (team: TeamDto, token: string | undefined, actor: Actor) => Promise<LightMyRequestResponse>;
  /** Checks the effect (or its absence) after the call. */
  check?: (team: TeamDto, res: LightMyRequestResponse, actor: Actor) => Promise<void>;
}

const anyone = (status: number, guest = 401): Record<Actor, number> => ({
  guest,
  outsider: status,
  member: status,
  admin: status,
  owner: status,
});
/** 401 for a guest, 404 for the outsider, then member / admin / owner. */
const inTeam = (member: number, admin: number, owner: number): Record<Actor, number> => ({
  guest: 401,
  outsider: 404,
  member,
  admin,
  owner,
});

/** One column of the team's row, read from the database. */
const teamColumn = async <C extends 'name' | 'avatar' | 'level_of_engagement_id'>(team: TeamDto, column: C) =>
  (await t.db.kysely.selectFrom('teams').selectAll().where('id', '=', team.id).executeTakeFirstOrThrow())[column];

const roleOf = async (team: TeamDto, user: SignedUpUser) =>
  (await membersOf(t, team.id, people.owner)).find((m: MemberDto) => m.id === user.id)?.role_id;

/** DELETE user/team/{id}/member/{target}: the target is gone after a 200 and still there otherwise. */
const removeCase = (name: string, target: Person, expected: Record<Actor, number>): Case => ({
  name,
  ability: 'member.remove',
  expected,
  fresh: true,
  call: (team, token) => t.api('DELETE', `user/team/${team.id}/member/${people[target].id}`, undefined, token),
  check: async (team, res) => {
    const ids = (
      await t.db.kysely.selectFrom('team_members').select('user_id').where('team_id', '=', team.id).execute()
    ).map((r) => r.user_id);
    if (res.statusCode === 200) expect(ids).not.toContain(people[target].id);
    else expect(ids).toContain(people[target].id);
    expect(ids).toHaveLength(res.statusCode === 200 ? 3 : 4);
  },
});

/** POST change-user-role: the target's role is the new one after a 200 and unchanged otherwise. */
const roleCase = (
  name: string,
  target: Person,
  roleId: number,
  before: number,
  expected: Record<Actor, number>,
  ability: Ability | undefined = 'member.changeRole',
): Case => ({
  name,
  ...(ability ? { ability } : {}),
  expected,
  fresh: true,
  call: (team, token) =>
    t.api('POST', `user/team/${team.id}/change-user-role`, { user_id: people[target].id, role_id: roleId }, token),
  check: async (team, res) => {
    expect(await roleOf(team, people[target])).toBe(res.statusCode === 200 ? roleId : before);
    if (res.statusCode === 200) expect(res.json().data).toMatchObject({ id: people[target].id, role_id: roleId });
  },
});

/** A call with the shared team's code sent to a stranger: 422 for everyone, and the code stays pending. */
const foreignCodeCase = (name: string, call: (token: string | undefined) => Promise<LightMyRequestResponse>): Case => ({
  name,
  expected: anyone(422),
  call: (_team, token) => call(token),
  check: async (_team, res) => {
    if (res.statusCode === 422) expect(res.json().message).toBe(Messages.joinCodeInvalid);
    const row = await t.db.kysely
      .selectFrom('invitations')
      .select('status')
      .where('code', '=', foreignCode)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  },
});

/** A post written straight to the database (for set-ups where posting is not the point). */
const seedPost = (team: TeamDto, author: Person, typeId: number = PostType.text, extra: object = {}) =>
  writePost(t, { team_id: team.id, user_id: people[author].id, type_id: typeId, ...extra });

const postExists = async (id: number) =>
  (await t.db.kysely.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Timeline, posts, sharing, deleting, reactions and comments (spec §6 sharing and deleting). */
function postCases(): Case[] {
  /** DELETE a post written by `author`: gone after a 200, still there otherwise. */
  const deleteCase = (name: string, author: Person | 'self', typeId: number, expected: Record<Actor, number>): Case => {
    const ids = new Map<number, number>();
    return {
      name,
      ability: 'post.delete',
      expected,
      fresh: true,
      call: async (team, token, actor) => {
        const who = author === 'self' ? (actor === 'guest' ? 'owner' : (actor as Person)) : author;
        const id = await seedPost(team, who, typeId);
        ids.set(team.id, id);
        return t.api('DELETE', `user/team/${team.id}/posts/${id}`, undefined, token);
      },
      check: async (team, res) => {
        expect(await postExists(ids.get(team.id)!)).toBe(res.statusCode !== 200);
        if (res.statusCode === 200) expect(res.json().message).toBe(PostMessages.postDeleted);
      },
    };
  };
  /** Shares a peer's post from a fresh team to a second team with the same people and roles. */
  const shareCase = (name: string, extra: object, expected: Record<Actor, number>): Case => ({
    name,
    ability: 'post.share',
    expected,
    fresh: true,
    call: async (team, token) => {
      const target = await makeTeam();
      const id = await seedPost(team, 'peer', PostType.text, extra);
      const res = await t.api('POST', `user/team/${team.id}/posts/${id}/share`, { team_ids: [target.id] }, token);
      const copies = await t.db.kysely
        .selectFrom('posts')
        .selectAll()
        .where('team_id', '=', target.id)
        .where('is_forwarded', '=', 1)
        .execute();
      expect(copies).toHaveLength(res.statusCode === 201 ? 1 : 0);
      if (res.statusCode === 201)
        expect(copies[0]).toMatchObject({ original_user_id: people.peer.id, original_team_id: team.id });
      return res;
    },
  });
  const reads = (name: string, path: (team: TeamDto) => string): Case => ({
    name,
    expected: inTeam(200, 200, 200),
    call: (team, token) => t.api('GET', path(team), undefined, token),
  });
  return [
    {
      name: 'GET user/team/{id}/timeline',
      expected: inTeam(200, 200, 200),
      call: (team, token) => t.api('GET', `user/team/${team.id}/timeline?page=1`, undefined, token),
      check: async (_team, res) => {
        if (res.statusCode === 200) expect(res.json().data.map((p: PostDto) => p.id)).toContain(sharedPostId);
      },
    },
    {
      name: 'GET user/dashboard',
      expected: anyone(200),
      call: (_team, token) => t.api('GET', 'user/dashboard?page=1&per_page=50', undefined, token),
      check: async (team, res, actor) => {
        if (res.statusCode !== 200) return;
        // Only posts of the caller's own teams; the shared team's for its members.
        const mine = await t.db.kysely
          .selectFrom('team_members')
          .select('team_id')
          .where('user_id', '=', people[actor as Person].id)
          .execute();
        const teamIds: number[] = res.json().data.map((p: PostDto) => p.team_id);
        for (const id of teamIds) expect(mine.map((m) => m.team_id)).toContain(id);
        if (actor === 'outsider') expect(teamIds).not.toContain(team.id);
        else expect(teamIds.length).toBeGreaterThan(0);
      },
    },
    reads('GET user/team/{id}/posts/{postId}', (team) => `user/team/${team.id}/posts/${sharedPostId}`),
    {
      name: 'POST user/team/{id}/posts',
      expected: inTeam(201, 201, 201),
      fresh: true,
      call: (team, token) =>
        t.api('POST', `user/team/${team.id}/posts`, { content: 'Hello team', media_type: 'text' }, token),
    },
    {
      name: 'POST user/team/{id}/celebration',
      expected: inTeam(201, 201, 201),
      fresh: true,
      call: (team, token) =>
        t.api('POST', `user/team/${team.id}/celebration`, { text: 'We shipped it', color_id: 2 }, token),
    },
    {
      name: 'POST user/team/{id}/brightidea',
      expected: inTeam(201, 201, 201),
      fresh: true,
      call: (team, token) => t.api('POST', `user/team/${team.id}/brightidea`, { text: 'Walking meetings' }, token),
    },
    deleteCase('DELETE posts/{id}: a peer’s text post', 'peer', PostType.text, inTeam(403, 200, 200)),
    deleteCase('DELETE posts/{id}: one’s own text post', 'self', PostType.text, inTeam(200, 200, 200)),
    deleteCase('DELETE posts/{id}: a peer’s celebration', 'peer', PostType.celebration, inTeam(403, 200, 200)),
    deleteCase('DELETE posts/{id}: the welcome message', 'self', PostType.welcomemessage, inTeam(403, 403, 403)),
    deleteCase('DELETE posts/{id}: one’s own check-in', 'self', PostType.checkin, inTeam(403, 403, 403)),
    shareCase('POST posts/{id}/share: a peer’s post', {}, inTeam(403, 201, 201)),
    {
      // Each caller shares their own post from a team they lead into the fresh team, where their
      // role decides: only into teams they lead (spec §6); the refusal names the field (422).
      name: 'POST posts/{id}/share: into a team where the caller has this role',
      ability: 'post.shareTo',
      expected: { guest: 401, outsider: 422, member: 422, admin: 201, owner: 201 },
      fresh: true,
      call: async (team, token, actor) => {
        const sharer = actor === 'guest' ? 'owner' : (actor as Person);
        const source = await buildTeam(t, people[sharer], secretName());
        const id = await seedPost(source, sharer);
        const res = await t.api('POST', `user/team/${source.id}/posts/${id}/share`, { team_ids: [team.id] }, token);
        const copies = await t.db.kysely
          .selectFrom('posts')
          .select('id')
          .where('team_id', '=', team.id)
          .where('is_forwarded', '=', 1)
          .execute();
        expect(copies).toHaveLength(res.statusCode === 201 ? 1 : 0);
        if (res.statusCode === 422) expect(res.json().errors.team_ids).toEqual([PostMessages.shareTeamNotLead]);
        return res;
      },
    },
    shareCase('POST posts/{id}/share: a forwarded post', { is_forwarded: 1 }, inTeam(403, 403, 403)),
    shareCase(
      'POST posts/{id}/share: an unpublished team video',
      { type_id: PostType.teamvideo },
      inTeam(403, 403, 403),
    ),
    reads('GET post/{id}/buzz', (team) => `user/team/${team.id}/post/${sharedPostId}/buzz`),
    {
      name: 'POST post/{id}/buzz',
      ability: 'post.engage',
      expected: inTeam(200, 200, 200),
      fresh: true,
      call: async (team, token) =>
        t.api(
          'POST',
          `user/team/${team.id}/post/${await seedPost(team, 'peer')}/buzz?buzz_type_id=7`,
          undefined,
          token,
        ),
      check: async (_team, res) => {
        if (res.statusCode === 200) expect(res.json().data).toMatchObject({ buzz_type_id: 7, buzzes_count: 1 });
      },
    },
    {
      name: 'POST post/{id}/buzz on a check-in (no footer)',
      ability: 'post.engage',
      expected: inTeam(403, 403, 403),
      fresh: true,
      call: async (team, token) =>
        t.api(
          'POST',
          `user/team/${team.id}/post/${await seedPost(team, 'owner', PostType.checkin)}/buzz?buzz_type_id=7`,
          undefined,
          token,
        ),
    },
    {
      name: 'DELETE post/{id}/buzz',
      ability: 'post.engage',
      expected: inTeam(200, 200, 200),
      fresh: true,
      call: async (team, token) =>
        t.api('DELETE', `user/team/${team.id}/post/${await seedPost(team, 'peer')}/buzz`, undefined, token),
    },
    reads('GET post/{id}/expression', (team) => `user/team/${team.id}/post/${sharedPostId}/expression?page=1`),
    {
      name: 'POST post/{id}/expression',
      ability: 'post.engage',
      expected: inTeam(201, 201, 201),
      fresh: true,
      call: async (team, token) =>
        t.api(
          'POST',
          `user/team/${team.id}/post/${await seedPost(team, 'peer')}/expression`,
          { content: 'Nice work', media_type: 'text' },
          token,
        ),
    },
    {
      name: 'POST post/{id}/expression on a watercooler post (no footer)',
      ability: 'post.engage',
      expected: inTeam(403, 403, 403),
      fresh: true,
      call: async (team, token) =>
        t.api(
          'POST',
          `user/team/${team.id}/post/${await seedPost(team, 'owner', PostType.watercooler)}/expression`,
          { content: 'Nice work' },
          token,
        ),
    },
    {
      name: 'GET mood',
      expected: anyone(200),
      call: (_team, token) => t.api('GET', 'mood?mood_group_id=1', undefined, token),
    },
    { name: 'GET buzzes', expected: anyone(200), call: (_team, token) => t.api('GET', 'buzzes', undefined, token) },
    {
      name: 'GET user/colors',
      expected: anyone(200),
      call: (_team, token) => t.api('GET', 'user/colors', undefined, token),
    },
  ];
}

/** Check-ins and statistics (spec §6: roles 2 and 3 request check-ins and see stats; everyone answers). */
function checkinCases(): Case[] {
  /** A check-in of the owner, written straight to the database. */
  const seedCheckin = async (team: TeamDto) =>
    (
      await t.db.kysely
        .insertInto('checkins')
        .values({
          team_id: team.id,
          user_id: people.owner.id,
          post_id: null,
          members_count: 3,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const checkinsOf = async (team: TeamDto) =>
    (await t.db.kysely.selectFrom('checkins').select('id').where('team_id', '=', team.id).execute()).length;
  const stats = (name: string, path: (team: TeamDto) => string): Case => ({
    name,
    ability: 'stats.view',
    expected: inTeam(403, 200, 200),
    call: (team, token) => t.api('GET', path(team), undefined, token),
  });
  return [
    {
      name: 'POST user/team/{id}/checkin',
      ability: 'checkin.request',
      expected: inTeam(403, 201, 201),
      fresh: true,
      call: (team, token) => t.api('POST', `user/team/${team.id}/checkin`, {}, token),
      check: async (team, res) => expect(await checkinsOf(team)).toBe(res.statusCode === 201 ? 1 : 0),
    },
    {
      name: 'GET user/team/{id}/checkin',
      expected: inTeam(200, 200, 200),
      call: (team, token) => t.api('GET', `user/team/${team.id}/checkin`, undefined, token),
    },
    {
      name: 'GET user/team/{id}/checkin/{checkinId}',
      expected: inTeam(200, 200, 200),
      fresh: true,
      call: async (team, token) =>
        t.api('GET', `user/team/${team.id}/checkin/${await seedCheckin(team)}`, undefined, token),
    },
    {
      // Everyone answers, once; the initiator (the owner here) never answers their own.
      name: 'POST user/team/{id}/checkin/{checkinId}',
      expected: inTeam(201, 201, 403),
      fresh: true,
      call: async (team, token) =>
        t.api('POST', `user/team/${team.id}/checkin/${await seedCheckin(team)}`, { mood_id: 1 }, token),
      check: async (team, res) => {
        const rows = await t.db.kysely
          .selectFrom('checkin_responses')
          .select('id')
          .where('team_id', '=', team.id)
          .execute();
        expect(rows).toHaveLength(res.statusCode === 201 ? 1 : 0);
      },
    },
    stats('GET user/team/{id}/checkin/metrics', (team) => `user/team/${team.id}/checkin/metrics?from_date=2026-01-01`),
    stats('GET user/team/{id}/checkin/metrics/detail', (team) => `user/team/${team.id}/checkin/metrics/detail?page=1`),
    stats('GET user/team/{id}/stats', (team) => `user/team/${team.id}/stats`),
  ];
}

/**
 * The coach's portfolio (issue 26): a row per team the caller leads (roles 2 and 3), never one of
 * a team they are only a member of. Each caller first leads a team of their own, so the member of
 * the shared team who leads another sees that one only.
 */
function portfolioCases(): Case[] {
  const own = new Map<Actor, number>();
  return [
    {
      name: 'GET user/portfolio (a team the caller leads; the shared one for its leads only)',
      expected: anyone(200),
      call: async (_team, token, actor) => {
        if (token) own.set(actor, (await buildTeam(t, people[actor as Person], secretName())).id);
        return t.api('GET', 'user/portfolio', undefined, token);
      },
      check: async (team, res, actor) => {
        if (res.statusCode !== 200) return;
        const ids = res.json<{ data: PortfolioRowDto[] }>().data.map((r) => r.team.id);
        expect(ids).toContain(own.get(actor));
        if (actor === 'owner' || actor === 'admin') expect(ids).toContain(team.id);
        else expect(ids).not.toContain(team.id);
      },
    },
    {
      name: 'GET user/portfolio/settings',
      expected: anyone(200),
      call: (_team, token) => t.api('GET', 'user/portfolio/settings', undefined, token),
    },
    {
      name: 'PUT user/portfolio/settings',
      expected: anyone(200),
      call: (_team, token) => t.api('PUT', 'user/portfolio/settings', { rules: { quiet: 5 } }, token),
    },
  ];
}

/** To-do lists and tasks (spec §6: roles 2 and 3 create lists and create and delete tasks; §4 completion). */
function todoCases(): Case[] {
  const now = () => new Date().toISOString();
  const seedList = async (team: TeamDto) =>
    (
      await t.db.kysely
        .insertInto('todo_lists')
        .values({ team_id: team.id, user_id: people.owner.id, name: 'Matrix list', created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** A task by `creator` tagging `tagged`, in a new list of the team; answers its path. */
  const seedTask = async (team: TeamDto, creator: Person = 'owner', tagged: Person[] = [], status = 1) => {
    const listId = await seedList(team);
    const { id } = await t.db.kysely
      .insertInto('todo_tasks')
      .values({
        todo_list_id: listId,
        team_id: team.id,
        user_id: people[creator].id,
        description: 'Matrix task',
        priority: null,
        due_date: null,
        media_key: null,
        media_type_id: null,
        status_id: status,
        completed_by: null,
        completed_at: null,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (tagged.length)
      await t.db.kysely
        .insertInto('todo_task_tags')
        .values(tagged.map((p) => ({ task_id: id, user_id: people[p].id })))
        .execute();
    return { id, path: `user/team/${team.id}/todo-list/${listId}/todo-list-item/${id}` };
  };
  const taskStatus = async (id: number) =>
    (await t.db.kysely.selectFrom('todo_tasks').select('status_id').where('id', '=', id).executeTakeFirst())?.status_id;
  /** PUT status_id 2 on a task: done after a 200, still open otherwise. */
  const completeCase = (name: string, creator: Person, tagged: Person[], expected: Record<Actor, number>): Case => {
    const ids = new Map<number, number>();
    return {
      name,
      ability: 'task.complete',
      expected,
      fresh: true,
      call: async (team, token) => {
        const task = await seedTask(team, creator, tagged);
        ids.set(team.id, task.id);
        return t.api('PUT', task.path, { status_id: 2 }, token);
      },
      check: async (team, res) => expect(await taskStatus(ids.get(team.id)!)).toBe(res.statusCode === 200 ? 2 : 1),
    };
  };
  const onTask = (name: string, method: 'GET' | 'POST' | 'DELETE', suffix: string, status: number, body?: object) => ({
    name,
    expected: inTeam(status, status, status),
    fresh: method !== 'GET',
    call: async (team: TeamDto, token: string | undefined) =>
      t.api(method, `${(await seedTask(team)).path}${suffix}`, body, token),
  });
  return [
    {
      name: 'GET user/team/{id}/todo-list',
      expected: inTeam(200, 200, 200),
      call: (team, token) => t.api('GET', `user/team/${team.id}/todo-list?page=1`, undefined, token),
    },
    {
      name: 'POST user/team/{id}/todo-list',
      ability: 'todoList.create',
      expected: inTeam(403, 201, 201),
      fresh: true,
      call: (team, token) => t.api('POST', `user/team/${team.id}/todo-list`, { name: 'Sprint tasks' }, token),
      check: async (team, res) => {
        const rows = await t.db.kysely.selectFrom('todo_lists').select('id').where('team_id', '=', team.id).execute();
        expect(rows).toHaveLength(res.statusCode === 201 ? 1 : 0);
      },
    },
    {
      name: 'GET user/team/{id}/todo-list/{listId}',
      expected: inTeam(200, 200, 200),
      call: async (team, token) =>
        t.api('GET', `user/team/${team.id}/todo-list/${await seedList(team)}`, undefined, token),
    },
    {
      name: 'GET todo-list/{listId}/timeline',
      expected: inTeam(200, 200, 200),
      call: async (team, token) =>
        t.api('GET', `user/team/${team.id}/todo-list/${await seedList(team)}/timeline?page=1`, undefined, token),
    },
    {
      name: 'POST todo-list/{listId}/todo-list-item',
      ability: 'task.create',
      expected: inTeam(403, 201, 201),
      fresh: true,
      call: async (team, token) =>
        t.api(
          'POST',
          `user/team/${team.id}/todo-list/${await seedList(team)}/todo-list-item`,
          { description: 'Plan it' },
          token,
        ),
      check: async (team, res) => {
        const rows = await t.db.kysely.selectFrom('todo_tasks').select('id').where('team_id', '=', team.id).execute();
        expect(rows).toHaveLength(res.statusCode === 201 ? 1 : 0);
      },
    },
    completeCase(
      'PUT todo-list-item/{itemId}: tagging the member, by a peer',
      'peer',
      ['member'],
      inTeam(200, 403, 403),
    ),
    completeCase(
      'PUT todo-list-item/{itemId}: tagging the peer, by the owner',
      'owner',
      ['peer'],
      inTeam(403, 403, 200),
    ),
    completeCase('PUT todo-list-item/{itemId}: tagging no one', 'peer', [], inTeam(200, 200, 200)),
    {
      name: 'PUT todo-list-item/{itemId}: already completed (never back)',
      expected: inTeam(409, 409, 409),
      fresh: true,
      call: async (team, token) => t.api('PUT', (await seedTask(team, 'peer', [], 2)).path, { status_id: 2 }, token),
    },
    (() => {
      const ids = new Map<number, number>();
      return {
        name: 'DELETE todo-list-item/{itemId}',
        ability: 'task.delete',
        expected: inTeam(403, 200, 200),
        fresh: true,
        call: async (team: TeamDto, token: string | undefined) => {
          const task = await seedTask(team);
          ids.set(team.id, task.id);
          return t.api('DELETE', task.path, undefined, token);
        },
        check: async (team: TeamDto, res: LightMyRequestResponse) =>
          expect(await taskStatus(ids.get(team.id)!)).toBe(res.statusCode === 200 ? undefined : 1),
      } satisfies Case;
    })(),
    onTask('GET todo-list-item/{itemId}/buzz', 'GET', '/buzz', 200),
    onTask('POST todo-list-item/{itemId}/buzz', 'POST', '/buzz?buzz_type_id=7', 200),
    onTask('DELETE todo-list-item/{itemId}/buzz', 'DELETE', '/buzz', 200),
    onTask('GET todo-list-item/{itemId}/expression', 'GET', '/expression?page=1', 200),
    onTask('POST todo-list-item/{itemId}/expression', 'POST', '/expression', 201, { content: 'On it' }),
  ];
}

/** Profiles (a teammate's, read-only), the per-team push switch and device registration. */
function profilePushCases(): Case[] {
  const muted = async (team: TeamDto, actor: Actor) =>
    actor === 'guest'
      ? false
      : (await t.db.kysely
          .selectFrom('push_mutes')
          .select('user_id')
          .where('team_id', '=', team.id)
          .where('user_id', '=', people[actor].id)
          .executeTakeFirst()) !== undefined;
  const emailCodeOf = (userId: number) =>
    t.db.kysely
      .selectFrom('one_time_codes')
      .select(['user_id', 'new_email'])
      .where('user_id', '=', userId)
      .where('purpose', '=', 'email')
      .where('used_at', 'is', null)
      .execute();
  return [
    {
      // Not about a team: any signed-in user asks to change their own e-mail, never another's.
      name: "POST user/profile/email (one's own account)",
      expected: anyone(200),
      call: (_team, token, actor) => {
        const current_password = actor === 'guest' ? 'any-password' : people[actor].password;
        return t.api('POST', 'user/profile/email', { email: uniqueEmail('matrix-move'), current_password }, token);
      },
      check: async (_team, res, actor) => {
        if (actor === 'guest') return;
        const me = people[actor];
        const codes = await emailCodeOf(me.id);
        expect(codes).toHaveLength(res.statusCode === 200 ? 1 : 0);
        const still = await t.db.kysely.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirst();
        expect(still?.email).toBe(me.email);
        // Spent at once, so no later case meets a pending change.
        await t.db.kysely
          .deleteFrom('one_time_codes')
          .where('user_id', '=', me.id)
          .where('purpose', '=', 'email')
          .execute();
      },
    },
    {
      // The code of someone else's change moves nobody's e-mail.
      name: "POST user/profile/email/confirm (the code of another account's change)",
      expected: anyone(422),
      call: async (_team, token) => {
        const email = uniqueEmail('matrix-peer-move');
        const asked = await t.api(
          'POST',
          'user/profile/email',
          { email, current_password: people.peer.password },
          people.peer.token,
        );
        expect(asked.statusCode, asked.body).toBe(200);
        return t.api(
          'POST',
          'user/profile/email/confirm',
          { verification_code: await lastMailedCode(t, email) },
          token,
        );
      },
      check: async () => {
        const peer = await t.db.kysely
          .selectFrom('users')
          .select('email')
          .where('id', '=', people.peer.id)
          .executeTakeFirstOrThrow();
        expect(peer.email).toBe(people.peer.email);
        expect(await emailCodeOf(people.peer.id)).toHaveLength(1);
      },
    },
    {
      // A teammate's profile; nobody outside their teams learns they exist.
      name: 'GET user/profile/{id} (a teammate)',
      expected: inTeam(200, 200, 200),
      call: (_team, token) => t.api('GET', `user/profile/${people.peer.id}`, undefined, token),
      check: async (_team, res) => {
        if (res.statusCode === 200) expect(res.json().data).toMatchObject({ id: people.peer.id });
      },
    },
    {
      name: 'GET user/team/{id}/push',
      expected: inTeam(200, 200, 200),
      call: (team, token) => t.api('GET', `user/team/${team.id}/push`, undefined, token),
      check: async (team, res) => {
        if (res.statusCode === 200) expect(res.json().data).toEqual({ team_id: team.id, enabled: true });
      },
    },
    {
      name: 'POST user/team/{id}/push (off)',
      expected: inTeam(200, 200, 200),
      fresh: true,
      call: (team, token) => t.api('POST', `user/team/${team.id}/push`, { enabled: false }, token),
      check: async (team, res, actor) => {
        expect(await muted(team, actor)).toBe(res.statusCode === 200);
      },
    },
    {
      // Not about a team: any signed-in user registers their own browser.
      name: 'POST register-device-token',
      expected: anyone(200),
      call: (_team, token, actor) =>
        t.api(
          'POST',
          'register-device-token',
          {
            device_id: `matrix-${actor}`,
            device_token: JSON.stringify({
              endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${actor}`,
              keys: { p256dh: 'a', auth: 'b' },
            }),
            device_os_id: 3,
          },
          token,
        ),
      check: async (_team, res, actor) => {
        if (actor === 'guest') return;
        const mine = () => t.db.kysely.deleteFrom('device_tokens').where('user_id', '=', people[actor].id);
        // Dropped at once, so no later case pushes to a real push service.
        const removed = await mine().executeTakeFirst();
        expect(Number(removed.numDeletedRows)).toBe(res.statusCode === 200 ? 1 : 0);
      },
    },
  ];
}

/**
 * The watercooler (issue 23): every member may enter the team's room and read its history; anyone
 * else learns nothing of it (the room socket checks the pass and the membership again).
 */
function watercoolerCases(): Case[] {
  return [
    {
      name: 'POST user/team/{id}/watercooler/access',
      expected: inTeam(200, 200, 200),
      call: (team, token) => t.api('POST', `user/team/${team.id}/watercooler/access`, {}, token),
      check: async (team, res) => {
        if (res.statusCode !== 200) return;
        const { channel } = res.json<{ data: { channel: { unique_name: string } } }>().data;
        expect(channel.unique_name).toBe(`team-${team.id}-watercooler`);
      },
    },
    {
      name: 'GET user/team/{id}/watercooler/messages',
      expected: inTeam(200, 200, 200),
      call: (team, token) => t.api('GET', `user/team/${team.id}/watercooler/messages`, undefined, token),
    },
  ];
}

/** The Inspiration topic (spec §6: roles 2 and 3 write it, everyone in the team reads it). */
/** Team videos and slideshows (issue 22): asking, answering, reading, the owner's acts, statistics. */
function promptCases(): Case[] {
  type Kind = 'video' | 'slideshow';
  /** A prompt the owner asked, written straight to the database (with its post), per team and kind. */
  const seeded = new Map<string, Promise<{ id: number; postId: number }>>();
  const promptOf = (team: TeamDto, kind: Kind) => {
    const key = `${team.id}:${kind}`;
    let p = seeded.get(key);
    if (!p) seeded.set(key, (p = seedPrompt(team, kind)));
    return p;
  };
  async function seedPrompt(team: TeamDto, kind: Kind) {
    const typeId = kind === 'video' ? PostType.teamvideo : PostType.slideshow;
    const postId = await seedPost(team, 'owner', typeId);
    const now = new Date().toISOString();
    const { id } = await t.db.kysely
      .insertInto('prompts')
      .values({
        team_id: team.id,
        post_id: postId,
        kind,
        user_id: people.owner.id,
        topic: 'Matrix question',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const extra = { topic: 'Matrix question', published: false, published_at: null, [`${kind}_id`]: id };
    await t.db.kysely
      .updateTable('posts')
      .set({ extra: JSON.stringify(extra) })
      .where('id', '=', postId)
      .execute();
    return { id, postId };
  }
  /** The peer's answer to the team's prompt, written straight to the database. */
  const seedAnswer = async (team: TeamDto, kind: Kind) => {
    const { id } = await promptOf(team, kind);
    return (
      await t.db.kysely
        .insertInto('prompt_responses')
        .values({
          prompt_id: id,
          user_id: people.peer.id,
          media_key: `uploads/${team.id}/matrix${id}.${kind === 'video' ? 'mp4' : 'png'}`,
          media_type: kind === 'video' ? 'video' : 'photo',
          position: 0,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const file = (kind: Kind) =>
    kind === 'video'
      ? { name: 'media', filename: 'q.mp4', contentType: 'video/mp4', data: MP4_CLIP }
      : { name: 'media', filename: 'q.png', contentType: 'image/png', data: PNG_1X1 };
  const sendForm = (path: string, token: string | undefined, parts: Parameters<typeof multipart>[0]) => {
    const form = multipart(parts);
    return t.api('POST', path, form.payload, token, { headers: form.headers });
  };
  const promptRows = async (team: TeamDto, kind: Kind) =>
    (
      await t.db.kysely
        .selectFrom('prompts')
        .select('id')
        .where('team_id', '=', team.id)
        .where('kind', '=', kind)
        .execute()
    ).length;
  const cases: Case[] = [];
  for (const kind of ['video', 'slideshow'] as const) {
    const many = kind === 'video' ? 'videos' : 'slideshows';
    cases.push(
      {
        name: `POST user/team/{id}/${kind}`,
        ability: 'post.create',
        expected: inTeam(403, 201, 201),
        fresh: true,
        call: (team, token) =>
          sendForm(`user/team/${team.id}/${kind}`, token, [{ name: 'topic', value: 'Matrix asks' }, file(kind)]),
        check: async (team, res) => expect(await promptRows(team, kind)).toBe(res.statusCode === 201 ? 1 : 0),
      },
      {
        name: `GET user/team/{id}/${kind}/{${kind}Id}`,
        expected: inTeam(200, 200, 200),
        call: async (team, token) =>
          t.api('GET', `user/team/${team.id}/${kind}/${(await promptOf(team, kind)).id}`, undefined, token),
      },
      {
        name: kind === 'video' ? 'GET user/team/{id}/videos/{postId}' : 'GET user/team/{id}/slideshows/{slideshowId}',
        expected: inTeam(200, 200, 200),
        call: async (team, token) => {
          const p = await promptOf(team, kind);
          return t.api('GET', `user/team/${team.id}/${many}/${kind === 'video' ? p.postId : p.id}`, undefined, token);
        },
      },
      {
        // Who asked (the owner) does not answer their own question.
        name: `POST user/team/{id}/${kind}/{${kind}Id} (an answer)`,
        expected: inTeam(201, 201, 403),
        fresh: true,
        call: async (team, token) =>
          sendForm(`user/team/${team.id}/${kind}/${(await promptOf(team, kind)).id}`, token, [file(kind)]),
        check: async (team, res) => {
          const { id } = await promptOf(team, kind);
          const rows = await t.db.kysely
            .selectFrom('prompt_responses')
            .select('id')
            .where('prompt_id', '=', id)
            .execute();
          expect(rows).toHaveLength(res.statusCode === 201 ? 1 : 0);
        },
      },
      ...[`${many}`, `${many}/metrics`].map((path): Case => ({
        name: `GET user/team/{id}/${path}`,
        ability: 'stats.view',
        expected: inTeam(403, 200, 200),
        call: (team, token) => t.api('GET', `user/team/${team.id}/${path}`, undefined, token),
      })),
      {
        name: `GET user/team/{id}/${kind === 'video' ? 'video' : 'slideshows'}/{${kind}Id}/responses`,
        ability: 'stats.view',
        expected: inTeam(403, 200, 200),
        call: async (team, token) =>
          t.api(
            'GET',
            `user/team/${team.id}/${kind === 'video' ? 'video' : 'slideshows'}/${(await promptOf(team, kind)).id}/responses`,
            undefined,
            token,
          ),
      },
      {
        name: `POST user/team/{id}/${kind}/{${kind}Id}/publish`,
        ability: 'content.publish',
        expected: inTeam(403, 403, 200),
        fresh: true,
        call: async (team, token) => {
          await seedAnswer(team, kind);
          return t.api('POST', `user/team/${team.id}/${kind}/${(await promptOf(team, kind)).id}/publish`, {}, token);
        },
        check: async (team, res) => {
          const row = await t.db.kysely
            .selectFrom('prompts')
            .select('published_at')
            .where('id', '=', (await promptOf(team, kind)).id)
            .executeTakeFirstOrThrow();
          expect(row.published_at !== null).toBe(res.statusCode === 200);
        },
      },
      {
        name: `POST user/team/{id}/${kind}/{${kind}Id}/user/{userId}/response-reminder`,
        ability: 'content.publish',
        expected: inTeam(403, 403, 200),
        fresh: true,
        call: async (team, token) =>
          t.api(
            'POST',
            `user/team/${team.id}/${kind}/${(await promptOf(team, kind)).id}/user/${people.peer.id}/response-reminder`,
            {},
            token,
          ),
        check: async (team, res) => {
          const rows = await t.db.kysely
            .selectFrom('prompt_reminders')
            .select('user_id')
            .where('prompt_id', '=', (await promptOf(team, kind)).id)
            .execute();
          expect(rows).toHaveLength(res.statusCode === 200 ? 1 : 0);
        },
      },
      {
        name: `POST user/team/{id}/${kind}/{${kind}Id}/responses/{responseId}/hide`,
        ability: 'content.publish',
        expected: inTeam(403, 403, 200),
        fresh: true,
        call: async (team, token) => {
          const answer = await seedAnswer(team, kind);
          const { id } = await promptOf(team, kind);
          return t.api('POST', `user/team/${team.id}/${kind}/${id}/responses/${answer}/hide`, { hidden: true }, token);
        },
        check: async (team, res) => {
          const rows = await t.db.kysely
            .selectFrom('prompt_responses')
            .select('hidden_at')
            .where('prompt_id', '=', (await promptOf(team, kind)).id)
            .execute();
          expect(rows.map((r) => r.hidden_at !== null)).toEqual([res.statusCode === 200]);
        },
      },
    );
  }
  return cases;
}

function topicCases(): Case[] {
  const today = () => new Date().toISOString().slice(0, 10);
  const topicsOf = (team: TeamDto) =>
    t.db.kysely.selectFrom('topics').select(['id', 'content']).where('team_id', '=', team.id).execute();
  /** A topic of the owner for today, through the API. */
  const ownersTopic = async (team: TeamDto) => {
    const res = await t.api('POST', `user/team/${team.id}/topic`, { content: 'The owner’s topic' }, people.owner.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: number } }>().data.id;
  };
  return [
    {
      name: 'GET user/team/{id}/topic-of-day',
      expected: inTeam(200, 200, 200),
      call: (team, token) => t.api('GET', `user/team/${team.id}/topic-of-day`, undefined, token),
    },
    {
      name: 'POST user/team/{id}/topic',
      ability: 'topic.edit',
      expected: inTeam(403, 201, 201),
      fresh: true,
      call: (team, token) =>
        t.api('POST', `user/team/${team.id}/topic`, { content: 'What went well today?', publish_date: today() }, token),
      check: async (team, res) => {
        expect((await topicsOf(team)).length).toBe(res.statusCode === 201 ? 1 : 0);
      },
    },
    {
      name: 'PUT user/team/{id}/topic/{topicId}',
      ability: 'topic.edit',
      expected: inTeam(403, 200, 200),
      fresh: true,
      call: async (team, token) =>
        t.api('PUT', `user/team/${team.id}/topic/${await ownersTopic(team)}`, { content: 'Edited topic words' }, token),
      check: async (team, res) => {
        const [topic] = await topicsOf(team);
        expect(topic?.content).toBe(res.statusCode === 200 ? 'Edited topic words' : 'The owner’s topic');
      },
    },
    {
      name: 'GET user/team/{id}/topics/scheduled',
      ability: 'topic.edit',
      expected: inTeam(403, 200, 200),
      call: (team, token) => t.api('GET', `user/team/${team.id}/topics/scheduled`, undefined, token),
    },
  ];
}

/** A peer's post on the shared team, for the read cases. */
let sharedPostId: number;

/**
 * Create Engagement on the Member plan (spec §1, §6: one personal team, then the Coach plan), by a
 * fresh account per caller, so the people of the matrix keep their plan and teams.
 */
function freePlanCreateCase(name: string, ownsPersonal: boolean, expected: Record<Actor, number>): Case {
  return {
    name,
    ability: 'team.create',
    expected,
    call: async (_team, token) => {
      if (!token) return t.api('POST', 'user/team', { name: 'Personal' }, token);
      const user = await buildUser(t, { first_name: 'Fresh', last_name: 'Matrix' });
      await setPlan(t, user.id, 'Free', 'active');
      if (ownsPersonal) expect((await t.api('POST', 'user/team', { name: 'Mine' }, user.token)).statusCode).toBe(201);
      const res = await t.api('POST', 'user/team', { name: 'Personal' }, user.token);
      const owned = await t.db.kysely
        .selectFrom('teams')
        .select('is_personal')
        .where('owner_id', '=', user.id)
        .execute();
      expect(owned).toEqual([{ is_personal: 1 }]);
      if (res.statusCode === 403)
        expect(res.json()).toMatchObject({ message: Messages.needCoachPlan, code: 'coach_plan_required' });
      return res;
    },
  };
}

const CASES: Case[] = [
  {
    name: 'GET user/teams',
    expected: anyone(200),
    call: (_team, token) => t.api('GET', 'user/teams', undefined, token),
    check: async (team, res, actor) => {
      if (res.statusCode !== 200) return;
      const ids = res.json().data.map((x: TeamDto) => x.id);
      if (actor === 'outsider') expect(ids).not.toContain(team.id);
      else expect(ids).toContain(team.id);
    },
  },
  {
    // "Team by id" answers an array; a team the caller is not in is an empty one (spec §7), not an error.
    name: 'GET user/teams?team_id',
    expected: anyone(200),
    call: (team, token) => t.api('GET', `user/teams?team_id=${team.id}`, undefined, token),
    check: async (team, res, actor) => {
      if (res.statusCode !== 200) return;
      const data: TeamDto[] = res.json().data;
      if (actor === 'outsider') expect(data).toEqual([]);
      else
        expect(data.map((x) => [x.id, x.role_id])).toEqual([
          [team.id, { member: 4, admin: 3, owner: 2 }[actor as 'member']],
        ]);
    },
  },
  {
    name: 'POST user/team (create, a Coach)',
    ability: 'team.create',
    expected: anyone(201),
    call: (_team, token) => t.api('POST', 'user/team', { name: 'Another Team' }, token),
    check: async (_team, res) => {
      if (res.statusCode === 201) expect(res.json().data.is_personal).toBe(false);
    },
  },
  freePlanCreateCase('POST user/team (create, the Member plan, no personal team yet)', false, anyone(201)),
  freePlanCreateCase('POST user/team (create, the Member plan, a personal team already)', true, anyone(403)),
  {
    // The owner's act alone (decisions.md, ADR 0019): an admin may not erase a coach's team.
    name: 'DELETE user/team/{id}',
    ability: 'team.delete',
    expected: inTeam(403, 403, 200),
    fresh: true,
    call: (team, token) => t.api('DELETE', `user/team/${team.id}`, undefined, token),
    check: async (team, res) => {
      for (const p of ['owner', 'admin', 'member', 'peer'] as const) {
        const ids = (await teamsOf(t, people[p])).map((x) => x.id);
        if (res.statusCode === 200) expect(ids).not.toContain(team.id);
        else expect(ids).toContain(team.id);
      }
    },
  },
  {
    name: 'GET user/teams/deleted (after the owner deleted the team)',
    expected: anyone(200),
    fresh: true,
    call: async (team, token) => {
      expect((await t.api('DELETE', `user/team/${team.id}`, undefined, people.owner.token)).statusCode).toBe(200);
      return t.api('GET', 'user/teams/deleted', undefined, token);
    },
    check: async (team, res, actor) => {
      if (res.statusCode !== 200) return;
      const ids = res.json().data.map((x: { id: number }) => x.id);
      if (actor === 'owner') expect(ids).toContain(team.id);
      else expect(ids).not.toContain(team.id);
    },
  },
  {
    // No role is asked: a deleted team has no members. Only its owner (teams.owner_id) restores it.
    name: 'POST user/team/{id}/restore (a deleted team)',
    expected: inTeam(404, 404, 200),
    fresh: true,
    call: async (team, token) => {
      expect((await t.api('DELETE', `user/team/${team.id}`, undefined, people.owner.token)).statusCode).toBe(200);
      return t.api('POST', `user/team/${team.id}/restore`, undefined, token);
    },
    check: async (team, res) => {
      for (const p of ['owner', 'admin', 'member', 'peer'] as const) {
        const ids = (await teamsOf(t, people[p])).map((x) => x.id);
        if (res.statusCode === 200) expect(ids).toContain(team.id);
        else expect(ids).not.toContain(team.id);
      }
    },
  },
  {
    name: 'GET user/team/{id}/profile',
    expected: inTeam(200, 200, 200),
    call: (team, token) => t.api('GET', `user/team/${team.id}/profile`, undefined, token),
    check: async (team, res) => {
      if (res.statusCode === 200)
        expect(res.json().data).toMatchObject({ id: team.id, name: team.name, level_of_engagement: { id: 1 } });
    },
  },
  {
    name: 'POST user/team/{id}/profile (JSON name)',
    ability: 'team.update',
    expected: inTeam(403, 200, 200),
    fresh: true,
    call: (team, token) => t.api('POST', `user/team/${team.id}/profile`, { name: 'Renamed Team' }, token),
    check: async (team, res) => {
      const name = await teamColumn(team, 'name');
      expect(name).toBe(res.statusCode === 200 ? 'Renamed Team' : team.name);
      if (res.statusCode === 200) expect(res.json().message).toBe(Messages.teamNameUpdated);
    },
  },
  {
    name: 'POST user/team/{id}/profile (multipart avatar)',
    ability: 'team.update',
    expected: inTeam(403, 200, 200),
    fresh: true,
    call: (team, token) => postTeamAvatar(t, team.id, token, PNG_1X1),
    check: async (team, res) => {
      const avatar = await teamColumn(team, 'avatar');
      if (res.statusCode === 200) {
        expect(res.json().message).toBe(Messages.teamPictureUpdated);
        expect(avatar).toMatch(/^teams\/\d+\/[0-9a-f]{32}\.png$/); // a stored key, read through signed URLs
      } else {
        expect(avatar).toBeNull();
      }
    },
  },
  {
    // Refused before the upload is read: a non-editor's oversized file is 403 / 404, not 413.
    name: 'POST user/team/{id}/profile (multipart avatar over 5 MiB)',
    ability: 'team.update',
    expected: inTeam(403, 413, 413),
    call: (team, token) => postTeamAvatar(t, team.id, token, pngOfSize(Limits.imageMaxBytes + 1)),
  },
  {
    name: 'GET user/team/{id}/members',
    expected: inTeam(200, 200, 200),
    call: (team, token) => t.api('GET', `user/team/${team.id}/members`, undefined, token),
    check: async (_team, res) => {
      if (res.statusCode !== 200) return;
      expect(res.json().data.map((m: MemberDto) => [m.id, m.role_id])).toEqual([
        [people.owner.id, 2],
        [people.admin.id, 3],
        [people.member.id, 4],
        [people.peer.id, 4],
      ]);
    },
  },
  {
    name: 'POST user/team/{id}/invite',
    ability: 'team.invite',
    expected: inTeam(403, 200, 200),
    call: async (team, token) => {
      const email = uniqueEmail('matrix-invitee');
      const res = await invite(t, team.id, [email], token);
      const rows = await t.db.kysely.selectFrom('invitations').select('team_id').where('email', '=', email).execute();
      expect(rows).toEqual(res.statusCode === 200 ? [{ team_id: team.id }] : []);
      return res;
    },
  },
  roleCase('POST change-user-role: member → admin', 'member', 3, 4, inTeam(403, 200, 200)),
  roleCase('POST change-user-role: admin → member', 'admin', 4, 3, inTeam(403, 200, 200)),
  roleCase('POST change-user-role: owner → member (role 2 never changes)', 'owner', 4, 2, inTeam(403, 403, 403)),
  roleCase('POST change-user-role: owner → admin (role 2 never changes)', 'owner', 3, 2, inTeam(403, 403, 403)),
  // Nobody is made a Super Admin: the body is invalid before anyone's role is looked at.
  roleCase('POST change-user-role: member → role 2', 'member', 2, 4, anyone(422), undefined),
  removeCase('DELETE member/{member} (the member leaves)', 'member', inTeam(200, 200, 200)),
  removeCase('DELETE member/{peer} (another member)', 'peer', inTeam(403, 200, 200)),
  removeCase('DELETE member/{admin} (the admin leaves)', 'admin', inTeam(403, 200, 200)),
  removeCase('DELETE member/{owner} (the owner can neither leave nor be removed)', 'owner', inTeam(403, 403, 403)),
  {
    name: 'GET user/team/level-of-engagement',
    expected: anyone(200),
    call: (_team, token) => t.api('GET', 'user/team/level-of-engagement', undefined, token),
  },
  {
    name: 'GET user/team/{id}/level-of-engagement',
    expected: inTeam(200, 200, 200),
    call: (team, token) => t.api('GET', `user/team/${team.id}/level-of-engagement`, undefined, token),
    check: async (_team, res) => {
      if (res.statusCode === 200) expect(res.json().data).toMatchObject({ id: 1 });
    },
  },
  {
    name: 'POST user/team/{id}/level-of-engagement',
    ability: 'level.set',
    expected: inTeam(403, 403, 200),
    fresh: true,
    call: (team, token) =>
      t.api('POST', `user/team/${team.id}/level-of-engagement`, { level_of_engagement_id: 3 }, token),
    check: async (team, res) => {
      const level = await teamColumn(team, 'level_of_engagement_id');
      expect(level).toBe(res.statusCode === 200 ? 3 : 1);
    },
  },
  {
    name: 'POST user/team/{id}/read-welcome-message',
    expected: inTeam(200, 200, 200),
    fresh: true,
    call: (team, token) => t.api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: true }, token),
    check: async (team, res, actor) => {
      const rows = await t.db.kysely
        .selectFrom('team_members')
        .select(['user_id', 'read_welcome_message'])
        .where('team_id', '=', team.id)
        .where('read_welcome_message', '=', 1)
        .execute();
      // Only the caller's own flag changes.
      expect(rows.map((r) => r.user_id)).toEqual(res.statusCode === 200 ? [people[actor as Person].id] : []);
    },
  },
  {
    // Any member may upload to the team (modules/uploads); no one else learns it exists.
    name: 'GET s3-upload-presigned-request (resource_id = the team)',
    expected: inTeam(200, 200, 200),
    call: (team, token) =>
      t.api(
        'GET',
        `s3-upload-presigned-request?filename=a.png&mime_type=image/png&file_size=100&resource_type=team&resource_id=${team.id}&resource_policy=expression`,
        undefined,
        token,
      ),
  },
  {
    name: 'GET user/team/invitations/pending',
    expected: anyone(200),
    call: (_team, token) => t.api('GET', 'user/team/invitations/pending?page=1', undefined, token),
    check: async (_team, res) => {
      if (res.statusCode === 200) expect(res.json().data).toEqual([]);
    },
  },
  // A code sent to someone else: invalid for everyone, whatever their role in its team.
  foreignCodeCase('POST user/team/join (a code sent to another e-mail)', (token) => join(t, foreignCode, token)),
  foreignCodeCase('POST user/team/invitations/reject (a code sent to another e-mail)', (token) =>
    t.api('POST', 'user/team/invitations/reject', { invitation_code: foreignCode, reject_reason: 'no' }, token),
  ),
  {
    name: 'GET user/subscription',
    expected: anyone(200),
    call: (_team, token) => t.api('GET', 'user/subscription', undefined, token),
    check: async (_team, res) => {
      if (res.statusCode === 200) expect(res.json().data).toMatchObject({ name: 'Premium', stripe_status: 'trialing' });
    },
  },
  // Billing (modules/billing): one's own plan only; no card subscription yet, so no portal.
  {
    name: 'GET user/subscription/payment-config',
    expected: anyone(200),
    call: (_team, token) => t.api('GET', 'user/subscription/payment-config', undefined, token),
  },
  {
    name: 'GET user/subscription/billing-portal (no card on file)',
    expected: anyone(409),
    call: (_team, token) => t.api('GET', 'user/subscription/billing-portal', undefined, token),
  },
  {
    name: 'POST subscription/subscribe (a declined test card)',
    expected: anyone(402),
    call: (_team, token) =>
      t.api(
        'POST',
        'subscription/subscribe',
        { subscription_package_price_id: 1, payment_method: '4000000000000002', name: 'Matrix Payer' },
        token,
      ),
  },
  ...postCases(),
  ...checkinCases(),
  ...portfolioCases(),
  ...todoCases(),
  ...topicCases(),
  ...promptCases(),
  ...profilePushCases(),
  ...watercoolerCases(),
  {
    name: 'GET subscription-packages (public)',
    expected: anyone(200, 200),
    call: (_team, token) => t.api('GET', 'subscription-packages', undefined, token),
  },
];

beforeAll(async () => {
  const [owner, admin, member, peer, outsider] = await Promise.all(
    ['Olga', 'Adam', 'Mina', 'Pete', 'Otto'].map((first_name) => buildUser(t, { first_name, last_name: 'Matrix' })),
  );
  people = { owner: owner!, admin: admin!, member: member!, peer: peer!, outsider: outsider! };
  shared = await makeTeam(true);
  sharedPostId = await seedPost(shared, 'peer');
  const stranger = uniqueEmail('stranger');
  expect((await invite(t, shared.id, [stranger], people.owner.token)).statusCode).toBe(200);
  foreignCode = await pendingCode(t, shared.id, stranger);
});

describe.each(CASES)('$name', (c) => {
  it.each(ACTORS.map((actor) => ({ actor, status: c.expected[actor] })))(
    '$actor → $status',
    async ({ actor, status }) => {
      const team = c.fresh ? await makeTeam() : shared;
      const token = actor === 'guest' ? undefined : people[actor].token;
      const res = await c.call(team, token, actor);
      expect(res.statusCode, res.body).toBe(status);

      if (status === 401)
        expect(res.json()).toMatchObject({ message: Messages.unauthenticated, code: 'unauthenticated' });
      if (status === 404) expect(res.json()).toMatchObject({ message: Messages.notFound, code: 'not_found' });
      if (status === 403)
        expect(res.json().code).toMatch(/^(forbidden|coach_plan_required|owner_role_fixed|owner_cannot_be_removed)$/);
      if (actor === 'outsider' || actor === 'guest') {
        // Nothing about a team one is not in: not its name, not its members' addresses.
        expect(res.body).not.toContain(team.name);
        for (const p of ['owner', 'admin', 'member', 'peer'] as const) expect(res.body).not.toContain(people[p].email);
      }
      await c.check?.(team, res, actor);
    },
  );
});

/**
 * Abilities of the contract's table whose modules are not built yet: no endpoint asks them, so no
 * case can. Take one off this list when its endpoint lands; the check below then wants a case.
 */
const NOT_BUILT: readonly Ability[] = [];

/** Abilities whose refusal is not a 403: sharing into a team one does not lead names the field. */
const REFUSED_WITH: Partial<Record<Ability, number>> = { 'post.shareTo': 422 };

describe('the permission table is covered', () => {
  it('every ability with an endpoint is asked by a case, and the unbuilt ones by none', () => {
    const asked = new Set(CASES.flatMap((c) => (c.ability ? [c.ability] : [])));
    expect([...asked].sort()).toEqual(ABILITIES.filter((a) => !NOT_BUILT.includes(a)).sort());
  });

  it.each(ABILITIES.filter((a) => !NOT_BUILT.includes(a)))(
    '%s: its cases have a caller it allows and one it refuses',
    (ability) => {
      const statuses = CASES.filter((c) => c.ability === ability).flatMap((c) =>
        ACTORS.filter((a) => a !== 'guest' && a !== 'outsider').map((a) => c.expected[a]),
      );
      expect(statuses.some((s) => s >= 200 && s < 300)).toBe(true);
      expect(statuses).toContain(REFUSED_WITH[ability] ?? 403);
    },
  );
});

describe('the portfolio of a member who leads no team', () => {
  it('is refused (403), though they are in the shared team', async () => {
    const member = await buildUser(t, { first_name: 'Plain', last_name: 'Member' });
    await seatMembers(t, shared.id, [{ user: member, role: 4 }]);
    const res = await t.api('GET', 'user/portfolio', undefined, member.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ message: PortfolioMessages.notALead, code: 'forbidden' });
    expect(res.body).not.toContain(shared.name);
  });
});

describe('no leak to outsiders', () => {
  it('a team one is not in answers exactly like a team that does not exist', async () => {
    const paths = ['profile', 'members', 'level-of-engagement'];
    for (const p of paths) {
      const real = await t.api('GET', `user/team/${shared.id}/${p}`, undefined, people.outsider.token);
      const none = await t.api('GET', `user/team/99999999/${p}`, undefined, people.outsider.token);
      expect([real.statusCode, real.body]).toEqual([none.statusCode, none.body]);
    }
  });
});

describe('inviting needs the Coach plan (Premium, active or trialing)', () => {
  it.each([
    ['owner', 'Free', 'active', 403],
    ['owner', 'Premium', 'canceled', 403],
    ['owner', 'Premium', 'past_due', 403],
    ['owner', 'Premium', 'active', 200],
    ['admin', 'Free', 'active', 403],
    ['admin', 'Premium', 'canceled', 403],
    ['admin', 'Premium', 'active', 200],
  ] as const)('%s on %s/%s → %i', async (who, plan, status, expected) => {
    const user = people[who];
    await setPlan(t, user.id, plan, status);
    try {
      const res = await invite(t, shared.id, [uniqueEmail('plan-invitee')], user.token);
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 403)
        expect(res.json()).toMatchObject({ message: Messages.needCoachPlan, code: 'coach_plan_required' });
    } finally {
      await setPlan(t, user.id, 'Premium', 'trialing');
    }
  });
});
