import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type MemberDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { memberKeys } from './get-members';

export interface ChangeRoleInput {
  teamId: number;
  userId: number;
  /** 3 makes an admin, 4 makes a member again. */
  roleId: 3 | 4;
}

/** POST user/team/{id}/change-user-role (roles 2 and 3; the Super Admin's role is fixed). */
export const changeRole = async ({ teamId, userId, roleId }: ChangeRoleInput): Promise<MemberDto> =>
  (
    await api<MemberDto>(ApiPaths.changeUserRole(teamId), {
      method: 'POST',
      body: { user_id: userId, role_id: roleId },
    })
  ).data;

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: (_member, { teamId }) => queryClient.invalidateQueries({ queryKey: memberKeys.ofTeam(teamId) }),
  });
}
