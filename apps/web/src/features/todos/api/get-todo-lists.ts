import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Endpoints, Paging } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { nextPageOf, todoKeys, type ListPage } from './todo-keys';

/** GET user/team/:id/todo-list?page: the team's lists, newest first. */
export const getTodoLists = (teamId: number, page: number, signal?: AbortSignal) =>
  call(Endpoints.todoLists, { params: { id: teamId }, query: { page }, signal });

export const todoListsQuery = (teamId: number) =>
  infiniteQueryOptions({
    queryKey: todoKeys.lists(teamId),
    queryFn: ({ pageParam, signal }): Promise<ListPage> => getTodoLists(teamId, pageParam, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: nextPageOf,
  });

export const useTodoLists = (teamId: number) => useInfiniteQuery(todoListsQuery(teamId));
