import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

/** GET user/team/:id/todo-list/:listId: one list (its name heads the task page). */
export const getTodoList = async (teamId: number, listId: number, signal?: AbortSignal) =>
  (await call(Endpoints.todoList, { params: { id: teamId, listId }, signal })).data;

export const todoListQuery = (teamId: number, listId: number) =>
  queryOptions({
    queryKey: todoKeys.list(teamId, listId),
    queryFn: ({ signal }) => getTodoList(teamId, listId, signal),
  });

export const useTodoList = (teamId: number, listId: number) => useQuery(todoListQuery(teamId, listId));
