import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type CreateTaskInput } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

/** POST user/team/:id/todo-list/:listId/todo-list-item. */
export const createTask = async (teamId: number, listId: number, body: CreateTaskInput) =>
  (await call(Endpoints.createTask, { params: { id: teamId, listId }, body })).data;

export function useCreateTask(teamId: number, listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskInput) => createTask(teamId, listId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.tasksOf(teamId, listId) }),
  });
}
