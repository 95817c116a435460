import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { Paging, Endpoints, type Routes, type InvitationDto, type ResponseOf } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const invitationKeys = {
  all: ['invitations'] as const,
  pending: () => [...invitationKeys.all, 'pending'] as const,
};

type Page = ResponseOf<typeof Routes.pendingInvitations>;

/** GET user/team/invitations/pending?page=: one page of the user's pending invitations. */
export const getPendingInvitations = (page: number) => call(Endpoints.pendingInvitations, { query: { page } });

export const pendingInvitationsQuery = () =>
  infiniteQueryOptions({
    queryKey: invitationKeys.pending(),
    queryFn: ({ pageParam }) => getPendingInvitations(pageParam),
    initialPageParam: Paging.firstPage,
    getNextPageParam: (last: Page) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export const usePendingInvitations = () => useInfiniteQuery(pendingInvitationsQuery());

/** The counter badge: the server's total, kept current by removeInvitation. */
export const pendingTotal = (data: InfiniteData<Page> | undefined): number => data?.pages[0]?.meta.total ?? 0;

/**
 * Drops an answered invitation from the loaded pages at once and lowers the total (spec §4: the
 * counter decrements either way); a refetch then brings the pages back in line with the server.
 */
export function removeInvitation(queryClient: QueryClient, invitationId: number) {
  queryClient.setQueryData<InfiniteData<Page>>(invitationKeys.pending(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            data: p.data.filter((i) => i.id !== invitationId),
            meta: { ...p.meta, total: Math.max(0, p.meta.total - 1) },
          })),
        }
      : data,
  );
  return queryClient.invalidateQueries({ queryKey: invitationKeys.pending() });
}

/**
 * Accepting or rejecting: the answered invitation leaves the list at once; a failure usually means
 * it changed elsewhere, so the list is reloaded.
 */
export function useAnswerInvitation<T>(answer: (invitation: InvitationDto) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answer,
    onError: () => queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
    onSuccess: (_answer, invitation) => removeInvitation(queryClient, invitation.id),
  });
}
