import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ChangePasswordData, type UserDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';

export const myProfileQuery = () =>
  queryOptions({
    queryKey: ['profile', 'me'] as const,
    queryFn: async () => {
      const { data } = await api<UserDto>(ApiPaths.profile);
      sessionStore.updateUser(data);
      return data;
    },
  });

export const useMyProfile = () => useQuery(myProfileQuery());

/** POST user/profile/password (decisions.md). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordData) => api<null>(ApiPaths.changePassword, { method: 'POST', body: input }),
  });
}
