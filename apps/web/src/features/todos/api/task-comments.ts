import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Endpoints, Paging, type CommentInput, type TaskDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { nextPageOf, patchTask, todoKeys, type TaskCommentPage } from './todo-keys';

type TaskRef = Pick<TaskDto, 'id' | 'team_id' | 'todo_list_id'>;
const paramsOf = (task: TaskRef) => ({ id: task.team_id, listId: task.todo_list_id, itemId: task.id });

/** GET .../todo-list-item/:itemId/expression?page: a task's comments, newest first. */
export const taskCommentsQuery = (task: TaskRef) =>
  infiniteQueryOptions({
    queryKey: todoKeys.comments(task.team_id, task.id),
    queryFn: ({ pageParam, signal }): Promise<TaskCommentPage> =>
      call(Endpoints.taskComments, { params: paramsOf(task), query: { page: pageParam }, signal }),
    initialPageParam: Paging.firstPage,
    getNextPageParam: nextPageOf,
  });

export const useTaskComments = (task: TaskRef, enabled = true) =>
  useInfiniteQuery({ ...taskCommentsQuery(task), enabled });

/** POST the same path; after it the comments reload and the task's counts become the server's. */
export function useSendTaskComment(task: TaskRef) {
  const queryClient = useQueryClient();
  return async (body: CommentInput) => {
    const { engagement } = (await call(Endpoints.commentOnTask, { params: paramsOf(task), body })).data;
    patchTask(queryClient, task.team_id, task.todo_list_id, task.id, engagement);
    await queryClient.invalidateQueries({ queryKey: todoKeys.comments(task.team_id, task.id) });
  };
}
