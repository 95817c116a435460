import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type CreateTodoListInput } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

/** POST user/team/:id/todo-list (name). */
export const createTodoList = async (teamId: number, body: CreateTodoListInput) =>
  (await call(Endpoints.createTodoList, { params: { id: teamId }, body })).data;

export function useCreateTodoList(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTodoListInput) => createTodoList(teamId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.lists(teamId) }),
  });
}
