import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { Endpoints, type EngagementDto, type PageMeta, type PostDto, type SharedEngagement } from '@rally/contract';
import { call } from '../../../lib/api-client';

/**
 * Query keys of every list of posts, and the few ways a post changes in them. Every feed (team
 * timeline, its type-filtered pages, the dashboard) lives under `postKeys.all`, so a new, deleted
 * or re-counted post is applied to each loaded list at once, whoever caused it (this tab, or
 * another member through the realtime gateway).
 */
export const postKeys = {
  all: ['posts'] as const,
  /** Every loaded timeline of a team (all posts and each type-filtered page). */
  teamTimelines: (teamId: number) => [...postKeys.all, 'timeline', teamId] as const,
  /** A team's timeline; `typeId` for wall of fame (8) and bright ideas (9). */
  timeline: (teamId: number, typeId?: number) => [...postKeys.all, 'timeline', teamId, typeId ?? 0] as const,
  dashboard: () => [...postKeys.all, 'dashboard'] as const,
  comments: (teamId: number, postId: number) => ['comments', teamId, postId] as const,
  /** The loaded comment lists of every post of a team. */
  teamComments: (teamId: number) => ['comments', teamId] as const,
  reactions: (teamId: number, postId: number) => ['reactions', teamId, postId] as const,
};

export interface PostPage {
  data: PostDto[];
  meta: PageMeta;
  message?: string;
}
type Feed = InfiniteData<PostPage, number>;

/** Which lists a post belongs in: its team's timeline (and its type's page) and the dashboard. */
function belongsIn(queryKey: readonly unknown[], post: Pick<PostDto, 'team_id' | 'type_id'>): boolean {
  if (queryKey[1] === 'dashboard') return true;
  if (queryKey[1] !== 'timeline' || queryKey[2] !== post.team_id) return false;
  return queryKey[3] === 0 || queryKey[3] === post.type_id;
}

function mapPosts(qc: QueryClient, fn: (post: PostDto) => PostDto | null) {
  qc.setQueriesData<Feed>({ queryKey: postKeys.all }, (feed) => {
    if (!feed) return feed;
    let removed = 0;
    const pages = feed.pages.map((page) => {
      const data: PostDto[] = [];
      for (const post of page.data) {
        const next = fn(post);
        if (next) data.push(next);
        else removed++;
      }
      return data.length === page.data.length && data.every((p, i) => p === page.data[i]) ? page : { ...page, data };
    });
    if (removed === 0 && pages.every((p, i) => p === feed.pages[i])) return feed;
    return {
      ...feed,
      pages: pages.map((p) => ({ ...p, meta: { ...p.meta, total: Math.max(0, p.meta.total - removed) } })),
    };
  });
}

/** A new post goes to the top of every list it belongs in (once, even if it arrives twice). */
export function prependPost(qc: QueryClient, post: PostDto) {
  for (const [queryKey, feed] of qc.getQueriesData<Feed>({ queryKey: postKeys.all })) {
    if (!feed?.pages.length || !belongsIn(queryKey, post)) continue;
    if (feed.pages.some((p) => p.data.some((x) => x.id === post.id))) continue;
    const [first, ...rest] = feed.pages;
    qc.setQueryData<Feed>(queryKey, {
      ...feed,
      pages: [
        { ...first!, data: [post, ...first!.data], meta: { ...first!.meta, total: first!.meta.total + 1 } },
        ...rest.map((p) => ({ ...p, meta: { ...p.meta, total: p.meta.total + 1 } })),
      ],
    });
  }
}

/** An edited post replaces its old self in every list; the viewer's own part stays theirs. */
export function replacePost(qc: QueryClient, post: PostDto) {
  mapPosts(qc, (old) =>
    old.id === post.id ? { ...post, buzz_type_id: old.buzz_type_id, user_expressed: old.user_expressed } : old,
  );
}

/** A deleted post leaves every list at once. */
export function removePost(qc: QueryClient, postId: number) {
  mapPosts(qc, (post) => (post.id === postId ? null : post));
}

/** The viewer's own reaction or comment changed the post: their part and the counts. */
export function applyOwnEngagement(qc: QueryClient, postId: number, engagement: Partial<EngagementDto>) {
  mapPosts(qc, (post) => (post.id === postId ? { ...post, ...engagement } : post));
}

/** Someone else reacted or commented: the counts and previews change; the viewer's own part stays. */
export function applySharedEngagement(qc: QueryClient, postId: number, engagement: SharedEngagement) {
  mapPosts(qc, (post) => (post.id === postId ? { ...post, ...engagement } : post));
}

/**
 * GET user/team/{id}/posts/{postId} into every loaded list that holds the post (a team video's
 * answers changed its counts); nothing when no list holds it, and a failure leaves the lists as
 * they are (a deleted post leaves through its own event).
 */
export async function refreshPost(qc: QueryClient, teamId: number, postId: number): Promise<void> {
  const held = qc
    .getQueriesData<Feed>({ queryKey: postKeys.all })
    .some(([, feed]) => feed?.pages.some((p) => p.data.some((post) => post.id === postId)));
  if (!held) return;
  try {
    replacePost(qc, (await call(Endpoints.post, { params: { id: teamId, postId } })).data);
  } catch {
    // Gone or no longer visible to the viewer: the lists keep what they had.
  }
}
