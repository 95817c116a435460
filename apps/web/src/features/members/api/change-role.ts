import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type Routes, type BodyOf } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { memberKeys } from './get-members';

type ChangeRoleBody = BodyOf<typeof Routes.changeUserRole>;

export interface ChangeRoleInput {
  teamId: number;
  userId: ChangeRoleBody['user_id'];
  /** 3 makes an admin, 4 makes a member again. */
  roleId: ChangeRoleBody['role_id'];
}

/** POST user/team/{id}/change-user-role (roles 2 and 3; the Super Admin's role is fixed). */
export const changeRole = async ({ teamId, userId, roleId }: ChangeRoleInput) =>
  (await call(Endpoints.changeUserRole, { params: { id: teamId }, body: { user_id: userId, role_id: roleId } })).data;

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: (_member, { teamId }) => queryClient.invalidateQueries({ queryKey: memberKeys.ofTeam(teamId) }),
  });
}
