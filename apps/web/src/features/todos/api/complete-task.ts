import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, TaskStatus, type TaskDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { patchTask, todoKeys } from './todo-keys';

/** PUT .../todo-list-item/:itemId with status_id 2: 'Mark as done' (irreversible, spec §4). */
export const completeTask = async (task: Pick<TaskDto, 'id' | 'team_id' | 'todo_list_id'>) =>
  (
    await call(Endpoints.updateTask, {
      params: { id: task.team_id, listId: task.todo_list_id, itemId: task.id },
      body: { status_id: TaskStatus.Completed },
    })
  ).data;

export function useCompleteTask(task: TaskDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completeTask(task),
    onSuccess: (done) => {
      patchTask(queryClient, task.team_id, task.todo_list_id, task.id, done);
      // The Completed and Incomplete filters change membership: refetch them.
      return queryClient.invalidateQueries({ queryKey: todoKeys.tasksOf(task.team_id, task.todo_list_id) });
    },
  });
}
