import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noEngagement, Routes, TodoMessages, type TaskDto, type TeamDto, type TodoListDto } from '@rally/contract';
import { realtime } from '../../lib/realtime';
import { renderApp } from '../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../test/server';
import { buildMember, buildTeam, pagedJson } from '../../test/team-fixtures';
import { BUZZES } from '../../test/post-fixtures';

const me = { id: testUser.id, full_name: testUser.full_name, avatar: null };
const mina = buildMember({ id: 21, first_name: 'Mina', last_name: 'Tagged' });

const list = (id: number, name = `List ${id}`): TodoListDto => ({
  id,
  team_id: 5,
  name,
  notifications_count: 0,
  user: me,
  created_at: '2026-11-20T10:00:00.000Z',
});

function task(id: number, over: Partial<TaskDto> = {}): TaskDto {
  return {
    id,
    todo_list_id: 9,
    team_id: 5,
    description: `Task ${id}`,
    text: `Task ${id}`,
    priority: null,
    due_date: null,
    media: null,
    media_type: null,
    media_type_id: null,
    status_id: 1,
    completed_at: null,
    completed_by: null,
    tagged_users: [],
    tag_users: [],
    user: me,
    created_at: '2026-11-20T10:00:00.000Z',
    ...noEngagement(),
    ...over,
  };
}

/** Team 5 with the viewer in `role`, its members, and the buzz list. */
function serveTeam(role = 2) {
  const team: TeamDto = buildTeam({ id: 5, name: 'Rowing', role_id: role });
  server.use(
    http.get(apiUrl(Routes.teams), () => apiOk([team])),
    http.get(apiUrl(Routes.teamMembers, { id: 5 }), () =>
      apiOk([buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: role }), mina]),
    ),
    http.get(apiUrl(Routes.buzzes), () => apiOk(BUZZES)),
  );
}

/** The task page's calls: the list, and its tasks (every query recorded). */
function serveTasks(tasks: TaskDto[]) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl(Routes.todoList, { id: 5, listId: 9 }), () => apiOk(list(9, 'Launch checklist'))),
    http.get(apiUrl(Routes.taskTimeline, { id: 5, listId: 9 }), ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.push(q);
      const status = q.get('status_id');
      const shown = status ? tasks.filter((t) => t.status_id === Number(status)) : tasks;
      return pagedJson(q.get('order_by') === 'oldest' ? [...shown].reverse() : shown, 1, 20, shown.length);
    }),
  );
  return seen;
}

const open = (url: string) => renderApp(url, { signedInAs: testUser });
beforeEach(() => sessionStorage.clear());
afterEach(() => realtime.stop());

describe('to-do lists page', () => {
  it('shows the empty text, and a lead creates a list after the spec’s validation', async () => {
    serveTeam();
    let lists: TodoListDto[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.get(apiUrl(Routes.todoLists, { id: 5 }), () => pagedJson(lists, 1, 20, lists.length)),
      http.post(apiUrl(Routes.createTodoList, { id: 5 }), async ({ request }) => {
        bodies.push(await request.json());
        lists = [list(3, 'Sprint Review Notes')];
        return HttpResponse.json({ data: lists[0], message: TodoMessages.listCreated }, { status: 201 });
      }),
    );
    const { user } = open('/engagements/5/todo-list');
    expect(await screen.findByText(TodoMessages.listsEmpty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create List' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(TodoMessages.listNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('List name'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(TodoMessages.listNameLength)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('List name'), 'Sprint Review Notes', {
      initialSelectionStart: 0,
      initialSelectionEnd: 3,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(TodoMessages.listCreated)).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Sprint Review Notes' }]);
    const card = await screen.findByRole('link', { name: /Sprint Review Notes/ });
    expect(card).toHaveAttribute('href', '/engagements/5/todo/3/list-task');
    // The avatar shows up to three initials.
    expect(within(card).getByText('SRN')).toBeInTheDocument();
    expect(screen.getByText(TodoMessages.seenItAll)).toBeInTheDocument();
  });

  it('pages with Load More; a member sees no Create List; /teams/{id}/todo-list shows the same lists', async () => {
    serveTeam(4);
    server.use(
      http.get(apiUrl(Routes.todoLists, { id: 5 }), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return pagedJson(page === 1 ? [list(2)] : [list(1)], page, 1, 2);
      }),
    );
    const { user } = open('/teams/5/todo-list');
    expect(await screen.findByText('List 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create List' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('List 1')).toBeInTheDocument();
    expect(screen.getByText(TodoMessages.seenItAll)).toBeInTheDocument();
  });
});

describe('task list page', () => {
  it('filters and sorts from page 1; a completed task reads Completed, struck through', async () => {
    serveTeam(4);
    const seen = serveTasks([
      task(2, { status_id: 2, description: 'Done already', text: 'Done already' }),
      task(1, { description: 'Still open', text: 'Still open' }),
    ]);
    const { user } = open('/engagements/5/todo/9/list-task');
    const done = await screen.findByText('Done already');
    expect(done).toHaveStyle({ textDecoration: 'line-through' });
    const doneCard = done.closest('article')!;
    expect(within(doneCard).getByText(TodoMessages.completed)).toBeInTheDocument();
    expect(within(doneCard).queryByRole('button', { name: TodoMessages.markAsDone })).toBeNull();
    // A member creates and deletes nothing.
    expect(screen.queryByRole('form', { name: 'Create task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(screen.queryByText('Still open')).not.toBeInTheDocument());
    expect(seen.at(-1)!.get('status_id')).toBe('2');
    expect(seen.at(-1)!.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Incomplete' }));
    expect(await screen.findByText('Still open')).toBeInTheDocument();
    expect(seen.at(-1)!.get('status_id')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Oldest' }));
    await waitFor(() => expect(seen.at(-1)!.get('order_by')).toBe('oldest'));
    expect(seen.at(-1)!.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(seen.at(-1)!.get('status_id')).toBeNull());
  });

  it('Mark as done only where spec §4 allows, after the confirm; then Completed', async () => {
    serveTeam(4);
    const other = { id: 40, full_name: 'Cora Coach', avatar: null };
    let tasks = [
      task(3, { user: other, tagged_users: [{ ...mina }], tag_users: [mina.id], description: 'Not mine' }),
      task(2, { user: other, tagged_users: [me], tag_users: [me.id], description: 'Tagged on me' }),
    ];
    serveTasks(tasks);
    const puts: unknown[] = [];
    server.use(
      http.put(apiUrl(Routes.updateTask, { id: 5, listId: 9, itemId: 2 }), async ({ request }) => {
        puts.push(await request.json());
        tasks = tasks.map((t) => (t.id === 2 ? { ...t, status_id: 2 } : t));
        serveTasks(tasks);
        return apiOk(tasks[1], TodoMessages.taskCompleted);
      }),
    );
    const { user } = open('/engagements/5/todo/9/list-task');
    const mine = (await screen.findByText('Tagged on me')).closest('article') as HTMLElement;
    const notMine = screen.getByText('Not mine').closest('article') as HTMLElement;
    expect(within(notMine).queryByRole('button', { name: TodoMessages.markAsDone })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: TodoMessages.markAsDone }));
    const dialog = await screen.findByRole('dialog', { name: TodoMessages.confirmTitle });
    expect(dialog).toHaveTextContent(TodoMessages.confirmComplete);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(mine).getByText(TodoMessages.completed)).toBeInTheDocument());
    expect(puts).toEqual([{ status_id: 2 }]);
    expect(within(mine).queryByRole('button', { name: TodoMessages.markAsDone })).toBeNull();
  });

  it('a lead posts a task tagging a member, with the spec’s messages; and deletes one', async () => {
    serveTeam(2);
    serveTasks([task(1, { description: 'Old task' })]);
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl(Routes.createTask, { id: 5, listId: 9 }), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (String(body.priority).length > 25)
          return apiError(422, TodoMessages.priorityMax, { priority: [TodoMessages.priorityMax] });
        return HttpResponse.json({ data: task(7), message: TodoMessages.taskCreated }, { status: 201 });
      }),
      http.delete(apiUrl(Routes.deleteTask, { id: 5, listId: 9, itemId: 1 }), () =>
        apiOk(null, TodoMessages.taskDeleted),
      ),
    );
    const { user } = open('/engagements/5/todo/9/list-task');
    const form = await screen.findByRole('form', { name: 'Create task' });
    await user.click(within(form).getByRole('button', { name: 'Post Task' }));
    expect(await within(form).findByText(TodoMessages.taskDescriptionOrMedia)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Task description'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Post Task' }));
    expect(await within(form).findByText(TodoMessages.taskDescriptionLength)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Task description'), 'd the deck');
    await user.type(within(form).getByLabelText('Priority'), 'p'.repeat(26));
    await user.click(within(form).getByRole('button', { name: 'Post Task' }));
    expect(await within(form).findByText(TodoMessages.priorityMax)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Priority'));
    await user.type(within(form).getByLabelText('Priority'), 'High');
    // Typed as the app writes dates: digits only, the slashes come by themselves.
    await user.type(within(form).getByLabelText('Due date'), '01122026');
    expect(within(form).getByLabelText('Due date')).toHaveValue('01/12/2026');
    // The picker offers the team's other members only.
    await user.click(within(form).getByLabelText('Tag members'));
    expect(screen.queryByRole('option', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Mina Tagged/ }));
    expect(await screen.findByText('Mina Tagged is selected for the tag members.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Post Task' }));
    expect(await screen.findByText(TodoMessages.taskCreated)).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({
      description: 'abcd the deck',
      priority: 'High',
      due_date: '2026-12-01',
      tag_users: [mina.id],
      media: null,
    });

    const old = screen.getByText('Old task').closest('article') as HTMLElement;
    await user.click(within(old).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TodoMessages.taskDeleted)).toBeInTheDocument();
  });

  it('a due date reads DD/MM/YYYY without a time, and is typed as DD/MM/YYYY', async () => {
    serveTeam(2);
    serveTasks([task(1, { description: 'Book the hall', due_date: '2026-12-01' })]);
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl(Routes.createTask, { id: 5, listId: 9 }), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ data: task(7), message: TodoMessages.taskCreated }, { status: 201 });
      }),
    );
    const { user } = open('/engagements/5/todo/9/list-task');
    const card = (await screen.findByText('Book the hall')).closest('article') as HTMLElement;
    expect(within(card).getByText('Due 01/12/2026')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('00:00');

    const form = await screen.findByRole('form', { name: 'Create task' });
    const due = within(form).getByLabelText('Due date');
    expect(due).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await user.type(within(form).getByLabelText('Task description'), 'Print the flyers');
    // Not a day: refused by the form, nothing is sent.
    await user.type(due, '31/02/2026');
    expect(due).toHaveValue('31/02/2026');
    await user.click(within(form).getByRole('button', { name: 'Post Task' }));
    expect(await within(form).findByText(TodoMessages.dueDateInvalid)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(due);
    await user.type(due, '28/02/2027');
    await user.click(within(form).getByRole('button', { name: 'Post Task' }));
    expect(await screen.findByText(TodoMessages.taskCreated)).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ description: 'Print the flyers', due_date: '2027-02-28' });
  });
});
