import {
  MediaType,
  Paging,
  TaskStatus,
  TodoMessages,
  type CreateTaskData,
  type PageMeta,
  type TaskDto,
  type TaskTimelineQuery,
  type TodoListDto,
} from '@rally/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { paged } from '../../http/envelope.js';
import { conflict, notFound, validation } from '../../http/errors.js';
import type { WorkQueue } from '../../queue/work-queue.js';
import { recordEvent, transact } from '../../events/log.js';
import type { EngagementRepository, Subject } from '../engagement/repository.js';
import type { Attachments } from '../engagement/service.js';
import type { MembersRepository } from '../members/repository.js';
import type { TeamAccess, TeamViewer } from '../members/team-access.js';
import { presentList, presentTask, taskTarget } from './presenter.js';
import { NOTIFICATIONS_READ } from '../notifications/jobs.js';
import { TASK_NOTIFICATION_KINDS, type TaskRow, type TodoListRow, type TodosRepository } from './repository.js';

export interface TodosDeps {
  db: Kysely<Database>;
  repo: TodosRepository;
  members: Pick<MembersRepository, 'rolesIn'>;
  access: TeamAccess;
  /** Upload keys of a task's comments, whose files go with it. */
  comments: Pick<EngagementRepository, 'commentMediaKeys'>;
  attachments: Attachments;
  /** Marks a list's notifications read after the answer (`notifications.read`). */
  queue: Pick<WorkQueue, 'enqueue'>;
}

/** To-do lists and their tasks (spec §3, §4, §6, §7 To-do). */
export class TodosService {
  constructor(private readonly deps: TodosDeps) {}

  async lists(userId: number, teamId: number, page: number, perPage?: number) {
    await this.deps.access.viewer(userId, teamId);
    const size = perPage ?? Paging.defaultPerPage;
    const [rows, total] = await Promise.all([
      this.deps.repo.listPage(userId, teamId, size, (page - 1) * size),
      this.deps.repo.countLists(teamId),
    ]);
    return paged(
      rows.map((r) => presentList(r, this.deps.attachments.urlOf)),
      page,
      size,
      total,
    );
  }

  async list(userId: number, teamId: number, listId: number): Promise<TodoListDto> {
    await this.deps.access.viewer(userId, teamId);
    await this.findList(teamId, listId);
    return presentList((await this.deps.repo.listView(userId, listId))!, this.deps.attachments.urlOf);
  }

  /** Roles 2 and 3 create lists (spec §6). */
  async createList(userId: number, teamId: number, name: string): Promise<TodoListDto> {
    const viewer = await this.deps.access.require(userId, teamId, 'todoList.create');
    const { db, repo, attachments } = this.deps;
    const row = await transact(db, async (trx) => {
      const id = await repo.insertList(trx, { team_id: teamId, user_id: viewer.userId, name });
      const list = (await repo.listView(userId, id, trx))!;
      await recordEvent(trx, { type: 'todo.changed', team_id: teamId, list_id: null });
      return list;
    });
    return presentList(row, attachments.urlOf);
  }

  /**
   * A page of a list's tasks: All, Completed (2) or Incomplete (1), newest or oldest first.
   * Opening the list reads the viewer's notifications about it.
   */
  async timeline(
    userId: number,
    teamId: number,
    listId: number,
    q: TaskTimelineQuery,
  ): Promise<{ data: TaskDto[]; meta: PageMeta }> {
    const { access, repo, queue, db } = this.deps;
    await access.viewer(userId, teamId);
    await this.findList(teamId, listId);
    const size = q.per_page ?? Paging.defaultPerPage;
    const [rows, total] = await Promise.all([
      repo.taskPage(userId, {
        listId,
        statusId: q.status_id,
        order: q.order_by,
        limit: size,
        offset: (q.page - 1) * size,
      }),
      repo.countTasks(listId, q.status_id),
    ]);
    if (q.page === 1)
      await transact(db, (trx) =>
        queue.enqueue(trx, NOTIFICATIONS_READ, { user_id: userId, kinds: TASK_NOTIFICATION_KINDS, subject: listId }),
      );
    return paged(
      rows.map((r) => presentTask(r, this.deps.attachments.urlOf)),
      q.page,
      size,
      total,
    );
  }

  /** Roles 2 and 3 add tasks (spec §6): text or a file, tags of other members of the team. */
  async createTask(userId: number, teamId: number, listId: number, input: CreateTaskData): Promise<TaskDto> {
    const viewer = await this.deps.access.require(userId, teamId, 'task.create');
    await this.findList(teamId, listId);
    const tags = await this.tagsOf(viewer, input.tag_users);
    const { db, repo, attachments } = this.deps;
    const row = await transact(db, async (trx) => {
      const media = input.media
        ? await attachments.claim(trx, userId, input.media, teamId, ['team.celebration'])
        : null;
      const id = await repo.insertTask(
        trx,
        {
          todo_list_id: listId,
          team_id: teamId,
          user_id: userId,
          description: input.description,
          priority: input.priority,
          due_date: input.due_date,
          media_key: media?.key ?? null,
          media_type_id: media ? MediaType[media.media_type] : null,
        },
        tags,
      );
      const task = (await repo.taskView(userId, id, trx))!;
      await recordEvent(trx, {
        type: 'task.created',
        team_id: teamId,
        list_id: listId,
        actor_id: userId,
        tagged: tags,
      });
      return task;
    });
    return presentTask(row, attachments.urlOf);
  }

  /**
   * 'Mark as done' (spec §4): 1 → 2, never back; by whom the task tags, by anyone when it tags
   * no one, or by its creator. Completing a completed task is a 409, however it raced.
   */
  async complete(userId: number, teamId: number, listId: number, taskId: number): Promise<TaskDto> {
    const { access, repo, db, attachments } = this.deps;
    const viewer = await access.viewer(userId, teamId);
    const task = await this.findTask(teamId, listId, taskId);
    const tagged = await repo.taggedIds(task.id);
    access.assert(viewer, 'task.complete', taskTarget(task.user_id, tagged));
    const completed =
      task.status_id !== TaskStatus.Completed &&
      (await transact(db, async (trx) => {
        if (!(await repo.complete(task.id, userId, trx))) return false;
        await recordEvent(trx, {
          type: 'task.completed',
          team_id: teamId,
          list_id: listId,
          actor_id: userId,
          recipients: [task.user_id, ...tagged],
        });
        return true;
      }));
    if (!completed) throw conflict(TodoMessages.taskAlreadyCompleted, 'task_completed');
    return presentTask((await repo.taskView(userId, task.id))!, attachments.urlOf);
  }

  /** Roles 2 and 3 delete tasks (spec §6); its reactions, comments and files go with it. */
  async deleteTask(userId: number, teamId: number, listId: number, taskId: number): Promise<void> {
    const { access, repo, db, comments, attachments } = this.deps;
    await access.require(userId, teamId, 'task.delete');
    const task = await this.findTask(teamId, listId, taskId);
    // A task's file and its comments' files are attached once, to it alone.
    const keys = await transact(db, async (trx) => {
      const files = [task.media_key, ...(await comments.commentMediaKeys({ kind: 'task', id: task.id }, trx))];
      await repo.deleteTask(trx, task.id);
      await recordEvent(trx, { type: 'todo.changed', team_id: teamId, list_id: listId });
      return files.filter((k): k is string => !!k);
    });
    if (keys.length) await attachments.remove(keys).catch(() => undefined);
  }

  /** The task, when the user may see it and react to or comment on it: any member of its team. */
  async subject(userId: number, teamId: number, listId: number, taskId: number): Promise<Subject> {
    await this.deps.access.viewer(userId, teamId);
    const task = await this.findTask(teamId, listId, taskId);
    return { kind: 'task', id: task.id };
  }

  private async findList(teamId: number, listId: number): Promise<TodoListRow> {
    const list = await this.deps.repo.findList(teamId, listId);
    if (!list) throw notFound();
    return list;
  }

  private async findTask(teamId: number, listId: number, taskId: number): Promise<TaskRow> {
    const task = await this.deps.repo.findTask(teamId, listId, taskId);
    if (!task) throw notFound();
    return task;
  }

  /** Tagged people must be members of the team; oneself is never tagged (the picker excludes one). */
  private async tagsOf(viewer: TeamViewer, ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)].filter((id) => id !== viewer.userId);
    if (wanted.length === 0) return [];
    const roles = await this.deps.members.rolesIn(viewer.teamId, wanted);
    if (roles.size !== wanted.length) throw validation({ tag_users: [TodoMessages.tagNotMember] });
    return wanted;
  }
}
