import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { compileOnceIn } from '../../db/compile-once.js';
import { dialectOf, jsonArrayFrom, type DialectName } from '../../db/dialect.js';
import type { Database, Executor, TodoListsTable, TodoTasksTable } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import type {
  EngagementCount,
  EngagementCounter,
  EngagementRepository,
  EngagementRow,
  PersonRow,
} from '../engagement/repository.js';
import { mediaColumns, type StoredMedia } from '../uploads/media-view.js';

/** The notification kinds about a list's tasks: a list's `notifications_count` counts the viewer's unread ones. */
export const TASK_NOTIFICATION_KINDS = ['task.tagged', 'task.completed'] as const;

export type TodoListRow = Selectable<TodoListsTable>;
export type TaskRow = Selectable<TodoTasksTable>;

export interface TodoListView extends TodoListRow {
  first_name: string;
  last_name: string;
  avatar: string | null;
  notifications_count: number | string;
}

/** A task with everything its card shows, as the viewer sees it (JSON columns are text on SQLite). */
export interface TaskView extends TaskRow, EngagementRow, Omit<StoredMedia, 'media_key'> {
  author_first_name: string;
  author_last_name: string;
  author_avatar: string | null;
  completer_first_name: string | null;
  completer_last_name: string | null;
  completer_avatar: string | null;
  tags: PersonRow[] | string;
}

/** A new task's own columns (status, completion and counts start at their defaults). */
export type NewTask = Pick<
  Insertable<TodoTasksTable>,
  'todo_list_id' | 'team_id' | 'user_id' | 'description' | 'priority' | 'due_date' | 'media_key' | 'media_type_id'
>;

export interface TaskPage {
  listId: number;
  statusId?: number | undefined;
  order: 'newest' | 'oldest';
  limit: number;
  offset: number;
}

/** The engagement mechanism's counts of a task (ADR 0012), kept here as the table's owner (ADR 0038). */
const engagementCount = (count: EngagementCount) =>
  compileOnceIn((ex: Kysely<Database>, taskId: number, by: number) =>
    ex
      .updateTable('todo_tasks')
      .set((eb) => ({ [count]: eb(count, '+', by) }))
      .where('id', '=', taskId)
      .returning('team_id'),
  );
const TASK_ENGAGEMENT = {
  buzzes_count: engagementCount('buzzes_count'),
  expressions_count: engagementCount('expressions_count'),
};

/** A task's reaction or comment count moved by one, for a reaction or comment in `ex`'s transaction; its team. */
export const countTaskEngagement: EngagementCounter = async (ex, taskId, count, by) => {
  const [row] = await TASK_ENGAGEMENT[count](ex, taskId, by);
  if (!row) throw new Error(`countTaskEngagement: no task ${taskId}`);
  return row.team_id;
};

/** To-do lists and tasks: the only code that touches `todo_lists`, `todo_tasks` and `todo_task_tags`. */
export class TodosRepository {
  private readonly dialect: DialectName;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engagement: EngagementRepository,
  ) {
    this.dialect = dialectOf(db);
  }

  /** A page of the team's lists, newest first, each with the viewer's unread task notifications. */
  listPage(viewerId: number, teamId: number, limit: number, offset: number): Promise<TodoListView[]> {
    return this.listViews(
      viewerId,
      this.db
        .selectFrom('todo_lists')
        .select('id')
        .where('team_id', '=', teamId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset),
    ).execute();
  }

  async countLists(teamId: number): Promise<number> {
    const row = await this.db
      .selectFrom('todo_lists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async listView(viewerId: number, listId: number, ex: Executor = this.db): Promise<TodoListView | undefined> {
    const [row] = await this.listViews(
      viewerId,
      ex.selectFrom('todo_lists').select('id').where('id', '=', listId),
      ex,
    ).execute();
    return row;
  }

  findList(teamId: number, listId: number): Promise<TodoListRow | undefined> {
    return this.db
      .selectFrom('todo_lists')
      .selectAll()
      .where('id', '=', listId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  async insertList(ex: Executor, values: { team_id: number; user_id: number; name: string }): Promise<number> {
    const row = await ex
      .insertInto('todo_lists')
      .values({ ...values, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A page of a list's tasks (all, or one status), newest or oldest first: cut first, then dressed. */
  taskPage(viewerId: number, page: TaskPage): Promise<TaskView[]> {
    const direction = page.order === 'oldest' ? 'asc' : 'desc';
    let ids = this.db.selectFrom('todo_tasks').select('id').where('todo_list_id', '=', page.listId);
    if (page.statusId !== undefined) ids = ids.where('status_id', '=', page.statusId);
    return this.taskViews(
      viewerId,
      ids.orderBy('id', direction).limit(page.limit).offset(page.offset),
      direction,
    ).execute();
  }

  async countTasks(listId: number, statusId?: number): Promise<number> {
    let q = this.db
      .selectFrom('todo_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('todo_list_id', '=', listId);
    if (statusId !== undefined) q = q.where('status_id', '=', statusId);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async taskView(viewerId: number, taskId: number, ex: Executor = this.db): Promise<TaskView | undefined> {
    const ids = ex.selectFrom('todo_tasks').select('id').where('id', '=', taskId);
    const [row] = await this.taskViews(viewerId, ids, 'desc', ex).execute();
    return row;
  }

  /** The task in that list of that team, for the rules (404 when it is not there). */
  findTask(teamId: number, listId: number, taskId: number): Promise<TaskRow | undefined> {
    return this.db
      .selectFrom('todo_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .where('todo_list_id', '=', listId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  async taggedIds(taskId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('todo_task_tags').select('user_id').where('task_id', '=', taskId).execute();
    return rows.map((r) => r.user_id);
  }

  async insertTask(ex: Executor, task: NewTask, tagIds: readonly number[]): Promise<number> {
    const row = await ex
      .insertInto('todo_tasks')
      .values({ ...task, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (tagIds.length)
      await ex
        .insertInto('todo_task_tags')
        .values(tagIds.map((user_id) => ({ task_id: row.id, user_id })))
        .execute();
    return row.id;
  }

  /** 1 → 2 only: false when the task was completed already (by someone else a moment ago). */
  async complete(taskId: number, userId: number, ex: Executor = this.db): Promise<boolean> {
    const res = await ex
      .updateTable('todo_tasks')
      .set({ status_id: 2, completed_by: userId, completed_at: nowIso() })
      .where('id', '=', taskId)
      .where('status_id', '=', 1)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Deletes the task (its tags, reactions and comments go with it by their foreign keys). */
  async deleteTask(ex: Executor, taskId: number): Promise<void> {
    await ex.deleteFrom('todo_tasks').where('id', '=', taskId).execute();
  }

  private listViews(
    viewerId: number,
    ids: SelectQueryBuilder<Database, 'todo_lists', { id: number }>,
    ex: Executor = this.db,
  ) {
    return ex
      .selectFrom(ids.as('page'))
      .innerJoin('todo_lists as l', 'l.id', 'page.id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .selectAll('l')
      .select(['u.first_name', 'u.last_name', 'u.avatar'])
      .select((eb) =>
        eb
          .selectFrom('notifications as n')
          .select((n) => n.fn.countAll<number>().as('c'))
          .where('n.user_id', '=', viewerId)
          .where('n.kind', 'in', TASK_NOTIFICATION_KINDS)
          .where('n.subject', '=', sql.ref<number>('l.id'))
          .where('n.read_at', 'is', null)
          .as('notifications_count'),
      )
      .orderBy('l.id', 'desc') as unknown as SelectQueryBuilder<Database, never, TodoListView>;
  }

  /** The tasks whose ids `ids` selects, joined to what their cards show (ADR 0012: the page is cut first). */
  private taskViews(
    viewerId: number,
    ids: SelectQueryBuilder<Database, 'todo_tasks', { id: number }>,
    direction: 'asc' | 'desc' = 'desc',
    ex: Executor = this.db,
  ) {
    return ex
      .selectFrom(ids.as('page'))
      .innerJoin('todo_tasks as k', 'k.id', 'page.id')
      .innerJoin('users as a', 'a.id', 'k.user_id')
      .leftJoin('users as c', 'c.id', 'k.completed_by')
      .leftJoin('uploads as mu', 'mu.key', 'k.media_key')
      .selectAll('k')
      .select(mediaColumns('mu'))
      .select([
        'a.first_name as author_first_name',
        'a.last_name as author_last_name',
        'a.avatar as author_avatar',
        'c.first_name as completer_first_name',
        'c.last_name as completer_last_name',
        'c.avatar as completer_avatar',
      ])
      .select((eb) => [
        ...this.engagement.columnsFor(eb, 'task', 'k.id', viewerId),
        jsonArrayFrom(
          this.dialect,
          this.db
            .selectFrom('todo_task_tags as tt')
            .innerJoin('users as tu', 'tu.id', 'tt.user_id')
            .select(['tu.id', 'tu.first_name', 'tu.last_name', 'tu.avatar'])
            .where('tt.task_id', '=', sql.ref<number>('k.id'))
            .orderBy('tu.id'),
        ).as('tags'),
      ])
      .orderBy('k.id', direction) as unknown as SelectQueryBuilder<Database, never, TaskView>;
  }
}
