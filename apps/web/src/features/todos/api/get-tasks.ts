import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Endpoints, Paging, type TaskOrder } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { nextPageOf, todoKeys, type TaskFilter, type TaskPage } from './todo-keys';

/** GET user/team/:id/todo-list/:listId/timeline?page&order_by&status_id. */
export const getTasks = (
  teamId: number,
  listId: number,
  page: number,
  status: TaskFilter,
  order: TaskOrder,
  signal?: AbortSignal,
) =>
  call(Endpoints.taskTimeline, {
    params: { id: teamId, listId },
    query: { page, status_id: status, order_by: order },
    signal,
  });

/** Each filter and order is its own query from page 1, so changing either starts at page 1 (spec §4). */
export const tasksQuery = (teamId: number, listId: number, status: TaskFilter, order: TaskOrder) =>
  infiniteQueryOptions({
    queryKey: todoKeys.tasks(teamId, listId, status, order),
    queryFn: ({ pageParam, signal }): Promise<TaskPage> => getTasks(teamId, listId, pageParam, status, order, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: nextPageOf,
  });

export const useTasks = (teamId: number, listId: number, status: TaskFilter, order: TaskOrder) =>
  useInfiniteQuery(tasksQuery(teamId, listId, status, order));
