import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@rally/contract';
import { todoKeys } from './todo-keys';

/**
 * Another member's new list, task, completion, deletion, reaction or comment: what is loaded of
 * that team's lists (or of one list) is read again; screens not showing it read it when they mount.
 */
export function applyTodoEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  // A file converted outside a post (a task's, or a task comment's): the team's loaded to-dos.
  if (event.type === 'media.ready' && event.post_id === null)
    void queryClient.invalidateQueries({ queryKey: todoKeys.team(event.team_id) });
  if (event.type !== 'todo.changed') return;
  const teamId = event.team_id;
  void queryClient.invalidateQueries({
    queryKey: event.list_id === null ? todoKeys.team(teamId) : todoKeys.tasksOf(teamId, event.list_id),
  });
  if (event.list_id !== null) void queryClient.invalidateQueries({ queryKey: todoKeys.lists(teamId) });
}

/** After a reconnect: every loaded to-do query is read again (what changed meanwhile). */
export const catchUpTodos = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: todoKeys.all });
