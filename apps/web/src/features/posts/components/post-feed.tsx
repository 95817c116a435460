import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { PostDto, Viewer } from '@rally/contract';
import { LoadMore } from '../../../components/load-more';
import { feedPosts } from '../api/get-feed';
import type { PostPage } from '../api/post-cache';
import { NewPostsAnnouncer } from './new-posts-announcer';
import { POST_MAX_WIDTH, PostCard, type PostBodies } from './post-card';
import type { PostEngagementSlot } from './post-footer';
import type { ShareTeam } from './share-post-dialog';

interface Props {
  feed: UseInfiniteQueryResult<InfiniteData<PostPage>>;
  /** The viewer in a post's team; the same object for the same team, so cards re-render only when they change. */
  viewerFor: (teamId: number) => Viewer;
  /** The viewer's teams that they lead, for the share dialog. */
  leadTeams: ShareTeam[];
  /** Shown once every page is loaded (spec §2 end messages). */
  endText: string;
  /** Shown when there is no post at all; the end text when omitted. */
  emptyText?: string;
  /** The actions the empty text names (create an engagement, post, invite), below it. */
  emptyAction?: ReactNode;
  /** What the feed is, for assistive technology ('Timeline', 'Wall of Fame', …). */
  label: string;
  /** Bodies of post types drawn by other features (see `PostBodies`). */
  bodies?: PostBodies;
  /** Reactions and comments of each post, drawn by their own feature (see `PostEngagementSlot`). */
  engagement?: PostEngagementSlot;
  /** The page has more to show above the feed first: the loading state until then. */
  hold?: boolean;
}

/** The posts drawn in the feed's first render: enough to fill a screen (a phone's, a desktop's). */
export const FIRST_SCREEN_POSTS = 3;

/**
 * False until a frame after `ready` first held: the feed draws its first screen of posts, the
 * browser paints it, and then the rest of the loaded posts follow (they are below the fold).
 */
function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame === 'undefined') {
      setPainted(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

function Centered({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: POST_MAX_WIDTH, mx: 'auto', width: '100%' }}>{children}</Box>;
}

/**
 * A paged feed of post cards, with infinite scroll, Load More, and the empty and end texts (spec
 * §2). Posts of others that arrive live are told to screen readers ('1 new post').
 */
export function PostFeed(props: Props) {
  const { feed, viewerFor } = props;
  const posts: PostDto[] = feed.isSuccess ? feedPosts(feed.data) : [];
  const isOwn = useCallback((post: PostDto) => post.user.id === viewerFor(post.team_id).userId, [viewerFor]);
  return (
    <>
      <NewPostsAnnouncer feed={props.label} ready={feed.isSuccess} posts={posts} isOwn={isOwn} />
      <FeedBody {...props} posts={posts} />
    </>
  );
}

function FeedBody({
  feed,
  posts,
  viewerFor,
  leadTeams,
  endText,
  emptyText,
  emptyAction,
  label,
  bodies,
  engagement,
  hold,
}: Props & { posts: PostDto[] }) {
  // The first screen's posts first, the rest after a paint: a phone renders (and Lighthouse
  // waits for) three cards before the feed is on screen, not ten (issue 25). Until then the foot
  // of the feed is left out, so the cards that follow push nothing on screen down.
  // Painted once the feed first shows at all: a short feed that later grows past three posts live
  // is not cut back to three for a frame.
  const painted = usePaintedOnce(!feed.isPending && !hold);
  const partial = !painted && posts.length > FIRST_SCREEN_POSTS;
  if (feed.isPending || hold)
    return (
      <Centered>
        <Stack spacing={2} aria-label={`Loading ${label}`} role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={200} />
          ))}
        </Stack>
      </Centered>
    );
  if (feed.isError)
    return (
      <Centered>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void feed.refetch()}>
              Retry
            </Button>
          }
        >
          {feed.error.message}
        </Alert>
      </Centered>
    );

  if (posts.length === 0 && !feed.hasNextPage)
    return (
      <Centered>
        <Typography color="text.secondary" sx={{ pt: 4, pb: emptyAction ? 2 : 4, textAlign: 'center' }}>
          {emptyText ?? endText}
        </Typography>
        {emptyAction && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1, pb: 4 }}>{emptyAction}</Box>
        )}
      </Centered>
    );

  return (
    <Box component="section" aria-label={label}>
      <Stack spacing={2} useFlexGap>
        {(partial ? posts.slice(0, FIRST_SCREEN_POSTS) : posts).map((post) => (
          <PostCard
            key={post.id}
            post={post}
            viewer={viewerFor(post.team_id)}
            engagement={engagement}
            leadTeams={leadTeams}
            bodies={bodies}
          />
        ))}
      </Stack>
      {!partial && (
        <LoadMore
          hasNextPage={feed.hasNextPage}
          isFetchingNextPage={feed.isFetchingNextPage}
          fetchNextPage={feed.fetchNextPage}
          endText={endText}
        />
      )}
    </Box>
  );
}
