import { Endpoints, type CommentInput, type TaskDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import type { TaskCommentPage } from './todo-keys';

type TaskRef = Pick<TaskDto, 'id' | 'team_id' | 'todo_list_id'>;
const paramsOf = (task: TaskRef) => ({ id: task.team_id, listId: task.todo_list_id, itemId: task.id });

/** GET .../todo-list-item/:itemId/expression?page: a task's comments, newest first. */
export const getTaskComments = (task: TaskRef, page: number, signal?: AbortSignal): Promise<TaskCommentPage> =>
  call(Endpoints.taskComments, { params: paramsOf(task), query: { page }, signal });

/** POST the same path: a comment, answered with the task's counts after it. */
export const commentOnTask = async (task: TaskRef, body: CommentInput) =>
  (await call(Endpoints.commentOnTask, { params: paramsOf(task), body })).data;
