import { Endpoints, type TaskDto } from '@rally/contract';
import { call } from '../../../lib/api-client';

const paramsOf = (task: Pick<TaskDto, 'id' | 'team_id' | 'todo_list_id'>) => ({
  id: task.team_id,
  listId: task.todo_list_id,
  itemId: task.id,
});

/** POST .../todo-list-item/:itemId/buzz?buzz_type_id, or DELETE to clear: the timeline's reactions, on a task. */
export const reactToTask = async (task: Pick<TaskDto, 'id' | 'team_id' | 'todo_list_id'>, buzzTypeId: number | null) =>
  (buzzTypeId === null
    ? await call(Endpoints.clearTaskReaction, { params: paramsOf(task) })
    : await call(Endpoints.reactToTask, {
        params: paramsOf(task),
        query: { buzz_type_id: buzzTypeId },
        body: undefined,
      })
  ).data;

/** GET the same path: everyone's reactions, newest first. */
export const getTaskReactions = async (task: Pick<TaskDto, 'id' | 'team_id' | 'todo_list_id'>, signal?: AbortSignal) =>
  (await call(Endpoints.taskReactions, { params: paramsOf(task), signal })).data;
