import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ResponseOf, Routes, TaskDto, TaskOrder } from '@rally/contract';

export type ListPage = ResponseOf<typeof Routes.todoLists>;
export type TaskPage = ResponseOf<typeof Routes.taskTimeline>;
export type TaskCommentPage = ResponseOf<typeof Routes.taskComments>;

/** The task filter of spec §4: All (none), Completed (2), Incomplete (1). */
export type TaskFilter = 1 | 2 | undefined;

/** Query keys of the to-do screens: everything of a team sits under `todoKeys.team(teamId)`. */
export const todoKeys = {
  all: ['todos'] as const,
  team: (teamId: number) => ['todos', teamId] as const,
  lists: (teamId: number) => ['todos', teamId, 'lists'] as const,
  list: (teamId: number, listId: number) => ['todos', teamId, 'list', listId] as const,
  tasksOf: (teamId: number, listId: number) => ['todos', teamId, 'tasks', listId] as const,
  tasks: (teamId: number, listId: number, status: TaskFilter, order: TaskOrder) =>
    ['todos', teamId, 'tasks', listId, status ?? 'all', order] as const,
  comments: (teamId: number, taskId: number) => ['todos', teamId, 'comments', taskId] as const,
  reactions: (teamId: number, taskId: number) => ['todos', teamId, 'reactions', taskId] as const,
};

/** Spec §9: Load More ends when page equals last_page. */
export const nextPageOf = (last: { meta: { current_page: number; last_page: number } }) =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;

/** Replaces a task (by id) in every loaded page of its list, whatever the filter. */
export function patchTask(
  queryClient: QueryClient,
  teamId: number,
  listId: number,
  id: number,
  patch: Partial<TaskDto>,
) {
  queryClient.setQueriesData<InfiniteData<TaskPage>>({ queryKey: todoKeys.tasksOf(teamId, listId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, data: p.data.map((t) => (t.id === id ? { ...t, ...patch } : t)) })),
        }
      : data,
  );
}

/** The loaded items of a paged query, in order, each once. */
export function loadedItems<T extends { id: number }>(data: InfiniteData<{ data: T[] }> | undefined): T[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) =>
    page.data.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true))),
  );
}
