import { useQueryClient } from '@tanstack/react-query';
import { useTeamEvents } from '../../../lib/realtime';
import { todoKeys } from './todo-keys';

/**
 * Keeps the to-do screens live: another member's new list, task, completion, deletion, reaction or
 * comment refetches what is loaded of that team's lists (or of one list); a reconnect catches up.
 */
export function useTodoEvents(teamId: number) {
  const queryClient = useQueryClient();
  useTeamEvents(
    (event) => {
      if (event.type !== 'todo.changed' || event.team_id !== teamId) return;
      void queryClient.invalidateQueries({
        queryKey: event.list_id === null ? todoKeys.team(teamId) : todoKeys.tasksOf(teamId, event.list_id),
      });
      if (event.list_id !== null) void queryClient.invalidateQueries({ queryKey: todoKeys.lists(teamId) });
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: todoKeys.team(teamId) }) },
  );
}
