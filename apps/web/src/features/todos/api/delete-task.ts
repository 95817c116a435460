import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type TaskDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

/** DELETE .../todo-list-item/:itemId (roles 2 and 3). */
export const deleteTask = (task: Pick<TaskDto, 'id' | 'team_id' | 'todo_list_id'>) =>
  call(Endpoints.deleteTask, { params: { id: task.team_id, listId: task.todo_list_id, itemId: task.id } });

export function useDeleteTask(task: TaskDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTask(task),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.tasksOf(task.team_id, task.todo_list_id) }),
  });
}
