import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { Paging, type CommentDto, type CommentInput } from '@rally/contract';
import type { CommentPage, EngagementSubject } from './subject';

/** A subject's comments ("engagements"), newest first, page by page. */
export const commentsQuery = (subject: Pick<EngagementSubject, 'keys' | 'comments'>) =>
  infiniteQueryOptions({
    queryKey: subject.keys.comments,
    queryFn: ({ pageParam, signal }) => subject.comments(pageParam, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: (last: CommentPage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export const useComments = (subject: EngagementSubject, enabled = true) =>
  useInfiniteQuery({ ...commentsQuery(subject), enabled });

/** The viewer's new comment goes to the top of the loaded list at once (when it is loaded). */
export function prependComment(queryClient: QueryClient, key: QueryKey, comment: CommentDto) {
  queryClient.setQueryData<InfiniteData<CommentPage, number>>(key, (data) => {
    if (!data?.pages.length || data.pages.some((p) => p.data.some((c) => c.id === comment.id))) return data;
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [
        { ...first!, data: [comment, ...first!.data], meta: { ...first!.meta, total: first!.meta.total + 1 } },
        ...rest.map((p) => ({ ...p, meta: { ...p.meta, total: p.meta.total + 1 } })),
      ],
    };
  });
}

/**
 * After the comment is saved (spec §4): it heads the loaded comments, and the subject's counts
 * become the server's (expressions_count +1, user_expressed true) in every list that shows it.
 */
export function useSendComment(subject: EngagementSubject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentInput) => subject.comment(body),
    onSuccess: ({ engagement, ...comment }) => {
      prependComment(queryClient, subject.keys.comments, comment);
      subject.apply(queryClient, engagement);
    },
  });
}

/** The loaded comments, in order, each once. */
export function loadedComments(data: InfiniteData<CommentPage> | undefined): CommentDto[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) =>
    page.data.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true))),
  );
}
