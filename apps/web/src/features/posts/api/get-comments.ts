import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { Endpoints, Paging, type CommentDto, type ResponseOf, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { postKeys } from './post-cache';

export type CommentPage = ResponseOf<typeof Routes.postComments>;

/** GET user/team/:id/post/:postId/expression?page: a post's comments ("engagements"), newest first. */
export const getPostComments = (teamId: number, postId: number, page: number, signal?: AbortSignal) =>
  call(Endpoints.postComments, { params: { id: teamId, postId }, query: { page }, signal });

export const postCommentsQuery = (teamId: number, postId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.comments(teamId, postId),
    queryFn: ({ pageParam, signal }) => getPostComments(teamId, postId, pageParam, signal),
    initialPageParam: Paging.firstPage,
    getNextPageParam: (last: CommentPage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export const usePostComments = (teamId: number, postId: number, enabled = true) =>
  useInfiniteQuery({ ...postCommentsQuery(teamId, postId), enabled });

/** The viewer's new comment goes to the top of the loaded list at once (when it is loaded). */
export function prependComment(queryClient: QueryClient, teamId: number, postId: number, comment: CommentDto) {
  queryClient.setQueryData<InfiniteData<CommentPage, number>>(postKeys.comments(teamId, postId), (data) => {
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

/** The loaded comments, in order, each once. */
export function loadedComments(data: InfiniteData<CommentPage> | undefined): CommentDto[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) =>
    page.data.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true))),
  );
}
