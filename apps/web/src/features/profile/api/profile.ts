import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Endpoints, type Routes, type BodyOf } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';

export const myProfileQuery = () =>
  queryOptions({
    queryKey: ['profile', 'me'] as const,
    queryFn: async () => {
      const { data } = await call(Endpoints.profile);
      sessionStore.updateUser(data);
      return data;
    },
  });

export const useMyProfile = () => useQuery(myProfileQuery());

/** POST user/profile/password (decisions.md). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof Routes.changePassword>) => call(Endpoints.changePassword, { body }),
  });
}
