import { beforeAll, describe, expect, it } from 'vitest';
import {
  PostMessages,
  TaskStatus,
  TodoMessages,
  type CommentDto,
  type NotificationDto,
  type TaskDto,
  type TeamDto,
  type TodoListDto,
} from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid, type SignedUpUser } from '../../test/factories.js';
import { sampleFile } from '../../test/samples.js';
import { buildTeam, seatMembers } from '../../test/teams.js';

const t = useTestApp();
let coach: SignedUpUser;
let admin: SignedUpUser;
let mina: SignedUpUser;
let pete: SignedUpUser;
let outsider: SignedUpUser;
let team: TeamDto;
let list: TodoListDto;

const base = (teamId = team.id) => `user/team/${teamId}/todo-list`;
const item = (listId: number, taskId: number) => `${base()}/${listId}/todo-list-item/${taskId}`;

async function createList(name: string, token = coach.token, teamId = team.id) {
  const res = await t.api('POST', base(teamId), { name }, token);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(TodoMessages.listCreated);
  return res.json<{ data: TodoListDto }>().data;
}
async function createTask(body: object, listId = list.id, token = coach.token) {
  const res = await t.api('POST', `${base()}/${listId}/todo-list-item`, body, token);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(TodoMessages.taskCreated);
  return res.json<{ data: TaskDto }>().data;
}
async function tasks(listId: number, token: string, query = '') {
  const res = await t.api('GET', `${base()}/${listId}/timeline?page=1${query}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TaskDto[]; meta: { total: number; last_page: number; current_page: number } }>();
}
const complete = (listId: number, taskId: number, token: string, body: object = { status_id: 2 }) =>
  t.api('PUT', item(listId, taskId), body, token);
const notificationsOf = async (user: SignedUpUser) => {
  await t.app.queue.idle();
  const res = await t.api('GET', 'user/notifications?page=1', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: NotificationDto[] }>().data;
};

beforeAll(async () => {
  const people = await Promise.all(
    ['Cora', 'Ada', 'Mina', 'Pete', 'Otto'].map((first_name) => buildUser(t, { first_name, last_name: 'Todo' })),
  );
  [coach, admin, mina, pete, outsider] = people as [
    SignedUpUser,
    SignedUpUser,
    SignedUpUser,
    SignedUpUser,
    SignedUpUser,
  ];
  team = await buildTeam(t, coach, 'Todo Team');
  await seatMembers(t, team.id, [
    { user: admin, role: 3 },
    { user: mina, role: 4 },
    { user: pete, role: 4 },
  ]);
  list = await createList('Launch checklist');
});

describe('to-do lists', () => {
  it('a lead creates a list; everyone in the team pages through them, newest first', async () => {
    expect(list).toMatchObject({
      team_id: team.id,
      name: 'Launch checklist',
      notifications_count: 0,
      user: { id: coach.id, full_name: 'Cora Todo' },
    });
    const second = await createList('  Second list  ', admin.token);
    expect(second.name).toBe('Second list');
    const res = await t.api('GET', `${base()}?page=1`, undefined, mina.token);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ data: TodoListDto[]; meta: { total: number } }>();
    expect(page.data.map((l) => l.id).slice(0, 2)).toEqual([second.id, list.id]);
    expect(page.meta.total).toBeGreaterThanOrEqual(2);
    const one = await t.api('GET', `${base()}/${list.id}`, undefined, pete.token);
    expect(one.json().data).toMatchObject({ id: list.id, name: 'Launch checklist' });
  });

  it('refuses an empty, short or long name with the spec’s messages', async () => {
    expectInvalid(await t.api('POST', base(), {}, coach.token), 'name', TodoMessages.listNameRequired);
    expectInvalid(await t.api('POST', base(), { name: '   ' }, coach.token), 'name', TodoMessages.listNameRequired);
    expectInvalid(await t.api('POST', base(), { name: 'abc' }, coach.token), 'name', TodoMessages.listNameLength);
    expectInvalid(
      await t.api('POST', base(), { name: 'x'.repeat(51) }, coach.token),
      'name',
      TodoMessages.listNameLength,
    );
    expect((await t.api('POST', base(), { name: 'x'.repeat(50) }, coach.token)).statusCode).toBe(201);
  });

  it('members may not create lists; outsiders see nothing (404), guests 401', async () => {
    const before = (await t.api('GET', `${base()}?page=1`, undefined, coach.token)).json().meta.total;
    expect((await t.api('POST', base(), { name: 'Member list' }, mina.token)).statusCode).toBe(403);
    expect((await t.api('GET', `${base()}?page=1`, undefined, coach.token)).json().meta.total).toBe(before);
    expect((await t.api('GET', `${base()}?page=1`, undefined, outsider.token)).statusCode).toBe(404);
    expect((await t.api('GET', `${base()}/${list.id}/timeline`, undefined, outsider.token)).statusCode).toBe(404);
    expect((await t.api('GET', `${base()}?page=1`)).statusCode).toBe(401);
  });

  it('a list of another team is not found through this one', async () => {
    const other = await buildTeam(t, coach, 'Other Todo Team');
    const foreign = await createList('Foreign list', coach.token, other.id);
    expect((await t.api('GET', `${base()}/${foreign.id}/timeline`, undefined, coach.token)).statusCode).toBe(404);
    expect(
      (await t.api('POST', `${base()}/${foreign.id}/todo-list-item`, { description: 'Sneak in' }, coach.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('tasks', () => {
  it('a task carries its description, priority, due date and tags (never oneself) in the shape of spec §3', async () => {
    const task = await createTask({
      description: '  Write the launch post  ',
      priority: 'High',
      due_date: '2026-12-01',
      tag_users: [mina.id, coach.id],
    });
    expect(task).toMatchObject({
      todo_list_id: list.id,
      team_id: team.id,
      description: 'Write the launch post',
      text: 'Write the launch post',
      priority: 'High',
      due_date: '2026-12-01',
      media: null,
      status_id: TaskStatus.Incomplete,
      completed_by: null,
      tagged_users: [{ id: mina.id, full_name: 'Mina Todo', avatar: null }],
      tag_users: [mina.id],
      user: { id: coach.id },
      buzz_type_id: null,
      buzzes_count: 0,
      expressions_count: 0,
      user_expressed: false,
    });
    // `text` is accepted for the description, as the spec sends it both ways.
    expect((await createTask({ text: 'Book the venue' })).description).toBe('Book the venue');
  });

  it('validates with the spec’s messages', async () => {
    const url = `${base()}/${list.id}/todo-list-item`;
    expectInvalid(await t.api('POST', url, {}, coach.token), 'description', TodoMessages.taskDescriptionOrMedia);
    expectInvalid(
      await t.api('POST', url, { description: '  ' }, coach.token),
      'description',
      TodoMessages.taskDescriptionOrMedia,
    );
    expectInvalid(
      await t.api('POST', url, { description: 'abc' }, coach.token),
      'description',
      TodoMessages.taskDescriptionLength,
    );
    expectInvalid(
      await t.api('POST', url, { description: 'x'.repeat(501) }, coach.token),
      'description',
      TodoMessages.taskDescriptionLength,
    );
    expectInvalid(
      await t.api('POST', url, { description: 'Valid task', priority: 'p'.repeat(26) }, coach.token),
      'priority',
      TodoMessages.priorityMax,
    );
    // A day past its month, and dates no calendar has (month 13, day 00): 422, never 500.
    for (const due_date of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-01-00', '0000-99-99'])
      expectInvalid(
        await t.api('POST', url, { description: 'Valid task', due_date }, coach.token),
        'due_date',
        TodoMessages.dueDateInvalid,
      );
    expectInvalid(
      await t.api('POST', url, { description: 'Valid task', tag_users: [outsider.id] }, coach.token),
      'tag_users',
      TodoMessages.tagNotMember,
    );
  });

  it('bad filters get a 422, not a 500', async () => {
    const bad = await t.api('GET', `${base()}/${list.id}/timeline?status_id=3`, undefined, coach.token);
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.api('GET', `${base()}/${list.id}/timeline?order_by=sideways`, undefined, coach.token)).statusCode,
    ).toBe(422);
  });

  it('a file alone makes a task; it is read back by a signed URL', async () => {
    const q = new URLSearchParams({
      filename: 'plan.png',
      mime_type: 'image/png',
      file_size: '300',
      resource_type: 'team',
      resource_id: String(team.id),
      resource_policy: 'team.celebration',
    });
    const signed = await t.api('GET', `s3-upload-presigned-request?${q.toString()}`, undefined, coach.token);
    const { key, url } = signed.json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: sampleFile('png', 300),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const task = await createTask({ media: key, media_type: 'photo', media_type_id: 2 });
    expect(task).toMatchObject({ description: null, media_type: 'photo', media_type_id: 2 });
    expect(task.media).toMatch(/^\/files\/uploads\/.+signature=/);
    // A key attaches once.
    const again = await t.api('POST', `${base()}/${list.id}/todo-list-item`, { media: key }, coach.token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.media).toEqual([PostMessages.uploadAlreadyUsed]);
  });

  it('members neither create nor delete tasks; leads delete, and the task is gone', async () => {
    expect(
      (await t.api('POST', `${base()}/${list.id}/todo-list-item`, { description: 'Member task' }, mina.token))
        .statusCode,
    ).toBe(403);
    const task = await createTask({ description: 'Delete me soon' });
    expect((await t.api('DELETE', item(list.id, task.id), undefined, mina.token)).statusCode).toBe(403);
    const gone = await t.api('DELETE', item(list.id, task.id), undefined, admin.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe(TodoMessages.taskDeleted);
    expect((await tasks(list.id, coach.token)).data.map((x) => x.id)).not.toContain(task.id);
    expect((await t.api('DELETE', item(list.id, task.id), undefined, admin.token)).statusCode).toBe(404);
  });
});

describe('task status (spec §4)', () => {
  it('a tagged member marks it done, once: no going back, no second time', async () => {
    const task = await createTask({ description: 'Tagged for Mina', tag_users: [mina.id] });
    // Untagged others (even a lead) may not; the creator may.
    expect((await complete(list.id, task.id, pete.token)).statusCode).toBe(403);
    expect((await complete(list.id, task.id, admin.token)).statusCode).toBe(403);
    const done = await complete(list.id, task.id, mina.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status_id: 2, completed_by: { id: mina.id } });
    const again = await complete(list.id, task.id, coach.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TodoMessages.taskAlreadyCompleted);
    // Back to incomplete is refused outright.
    const back = await complete(list.id, task.id, mina.token, { status_id: 1 });
    expectInvalid(back, 'status_id', TodoMessages.statusInvalid);
    const row = await t.db.kysely
      .selectFrom('todo_tasks')
      .select('status_id')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row.status_id).toBe(2);
  });

  it('a task with no tags is done by anyone; its creator may complete a tagged one', async () => {
    const open = await createTask({ description: 'Anyone can do this' });
    expect((await complete(list.id, open.id, pete.token)).statusCode).toBe(200);
    const tagged = await createTask({ description: 'Mine to close', tag_users: [pete.id] });
    expect((await complete(list.id, tagged.id, coach.token)).statusCode).toBe(200);
  });

  it('two completions at once: one wins, the other is told it is done already', async () => {
    const task = await createTask({ description: 'Race to finish' });
    const answers = await Promise.all([complete(list.id, task.id, mina.token), complete(list.id, task.id, pete.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('filters All / Completed / Incomplete and sorts newest or oldest, paged', async () => {
    const fresh = await createList('Filtered list');
    const made: TaskDto[] = [];
    for (const n of [1, 2, 3, 4, 5]) made.push(await createTask({ description: `Task number ${n}` }, fresh.id));
    await complete(fresh.id, made[1]!.id, mina.token);
    await complete(fresh.id, made[3]!.id, mina.token);
    const ids = (page: { data: TaskDto[] }) => page.data.map((x) => x.id);
    const all = made.map((m) => m.id);
    expect(ids(await tasks(fresh.id, coach.token))).toEqual([...all].reverse());
    expect(ids(await tasks(fresh.id, coach.token, '&order_by=oldest'))).toEqual(all);
    expect(ids(await tasks(fresh.id, coach.token, '&status_id=2'))).toEqual([made[3]!.id, made[1]!.id]);
    const incomplete = await tasks(fresh.id, coach.token, '&status_id=1&order_by=oldest');
    expect(ids(incomplete)).toEqual([made[0]!.id, made[2]!.id, made[4]!.id]);
    expect(incomplete.meta.total).toBe(3);
    const second = await t.api('GET', `${base()}/${fresh.id}/timeline?page=2&per_page=2`, undefined, coach.token);
    expect(second.json()).toMatchObject({ meta: { current_page: 2, last_page: 3, total: 5 } });
    expect(second.json().data.map((x: TaskDto) => x.id)).toEqual([made[2]!.id, made[1]!.id]);
  });
});

describe('reactions and comments on tasks (the timeline’s mechanism)', () => {
  it('react, change, clear; comment; counts kept on the task', async () => {
    const task = await createTask({ description: 'React to me' });
    const path = item(list.id, task.id);
    const first = await t.api('POST', `${path}/buzz?buzz_type_id=7`, undefined, mina.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ buzz_type_id: 7, buzzes_count: 1 });
    const changed = await t.api('POST', `${path}/buzz?buzz_type_id=8`, undefined, mina.token);
    expect(changed.json().data).toMatchObject({ buzz_type_id: 8, buzzes_count: 1 });
    await t.api('POST', `${path}/buzz?buzz_type_id=9`, undefined, pete.token);
    const who = await t.api('GET', `${path}/buzz`, undefined, coach.token);
    expect(who.json().data.map((r: { user: { id: number } }) => r.user.id)).toEqual([pete.id, mina.id]);
    const cleared = await t.api('DELETE', `${path}/buzz`, undefined, mina.token);
    expect(cleared.json().data).toMatchObject({ buzz_type_id: null, buzzes_count: 1 });
    expectInvalid(
      await t.api('POST', `${path}/buzz?buzz_type_id=1`, undefined, mina.token),
      'buzz_type_id',
      PostMessages.buzzInvalid,
    );

    const said = await t.api('POST', `${path}/expression`, { content: 'On it today' }, pete.token);
    expect(said.statusCode, said.body).toBe(201);
    expect(said.json().data).toMatchObject({
      content: 'On it today',
      engagement: { expressions_count: 1, user_expressed: true },
    });
    expectInvalid(
      await t.api('POST', `${path}/expression`, { content: 'ab' }, pete.token),
      'content',
      PostMessages.commentMin,
    );
    const comments = await t.api('GET', `${path}/expression?page=1`, undefined, mina.token);
    expect(comments.json().data.map((c: CommentDto) => c.content)).toEqual(['On it today']);

    const seen = (await tasks(list.id, pete.token)).data.find((x) => x.id === task.id)!;
    expect(seen).toMatchObject({ buzz_type_id: 9, buzzes_count: 1, expressions_count: 1, user_expressed: true });
    // Posts with the same id are untouched: the columns are the task's own.
    const rows = await t.db.kysely
      .selectFrom('reactions')
      .select(['post_id', 'task_id'])
      .where('task_id', '=', task.id)
      .execute();
    expect(rows).toEqual([{ post_id: null, task_id: task.id }]);
  });

  it('outsiders cannot react or comment (404); deleting the task takes its reactions and comments', async () => {
    const task = await createTask({ description: 'Short lived task' });
    const path = item(list.id, task.id);
    expect((await t.api('POST', `${path}/buzz?buzz_type_id=7`, undefined, outsider.token)).statusCode).toBe(404);
    await t.api('POST', `${path}/buzz?buzz_type_id=7`, undefined, mina.token);
    await t.api('POST', `${path}/expression`, { content: 'Bye now' }, mina.token);
    expect((await t.api('DELETE', path, undefined, coach.token)).statusCode).toBe(200);
    const left = await t.db.kysely
      .selectFrom('comments')
      .select('id')
      .where('task_id', '=', task.id)
      .unionAll(t.db.kysely.selectFrom('reactions').select('id').where('task_id', '=', task.id))
      .execute();
    expect(left).toEqual([]);
  });
});

describe('notifications', () => {
  it('tagged members hear of the task; its creator and tags hear it was completed; the list counts them until opened', async () => {
    const fresh = await createList('Notified list');
    const countFor = async (user: SignedUpUser) => {
      await t.app.queue.idle();
      return (await t.api('GET', `${base()}/${fresh.id}`, undefined, user.token)).json().data.notifications_count;
    };
    const aboutFresh = (n: NotificationDto) => n.data.url === `/engagements/${team.id}/todo/${fresh.id}/list-task`;
    const task = await createTask({ description: 'Tagging Pete here', tag_users: [pete.id] }, fresh.id);
    expect(await countFor(pete)).toBe(1);
    expect(await countFor(mina)).toBe(0);
    const tagged = (await notificationsOf(pete)).find((n) => n.kind === 'task.tagged' && aboutFresh(n));
    expect(tagged?.data).toMatchObject({ message: 'Cora Todo tagged you in a task', team_name: 'Todo Team' });
    expect((await notificationsOf(mina)).some((n) => n.kind === 'task.tagged' && aboutFresh(n))).toBe(false);

    expect((await complete(fresh.id, task.id, pete.token)).statusCode).toBe(200);
    // The creator hears; the actor never does. Opening the list reads them.
    expect(await countFor(coach)).toBe(1);
    expect(await countFor(pete)).toBe(0);
    await tasks(fresh.id, coach.token);
    expect(await countFor(coach)).toBe(0);
    const done = (await notificationsOf(coach)).find((n) => n.kind === 'task.completed' && aboutFresh(n));
    expect(done?.data.message).toBe('Pete Todo completed a task');
    expect((await notificationsOf(pete)).some((n) => n.kind === 'task.completed' && aboutFresh(n))).toBe(false);
  });
});
