import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import VideoCameraFrontOutlined from '@mui/icons-material/VideoCameraFrontOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useMemo } from 'react';
import { PostType, type PostDto } from '@rally/contract';
import { prependPost, refreshPost, replacePost } from '../../features/posts/api/post-cache';
import type { PostBodies } from '../../features/posts/components/post-card';
import type { ExtraPostTypes } from '../../features/posts/components/post-type-selector';
import { LoadingBlock } from '../../components/loading-block';

// The prompts' card bodies (players, popover, answer flows) and forms are chunks of their own: a
// feed without a team video or slideshow never downloads them.
const PromptPostBody = lazy(() =>
  import('../../features/prompts/components/prompt-post-body').then((m) => ({ default: m.PromptPostBody })),
);
const CreateVideoForm = lazy(() =>
  import('../../features/prompts/components/create-video-form').then((m) => ({ default: m.CreateVideoForm })),
);
const CreateSlideshowForm = lazy(() =>
  import('../../features/prompts/components/create-slideshow-form').then((m) => ({ default: m.CreateSlideshowForm })),
);

const loading = <LoadingBlock label="Loading" height={160} />;

/**
 * The prompts feature in the posts feature's slots (a feature imports no other; pages compose
 * them): the body of a team video (6) and a slideshow (11) with Respond, Publish, who responded
 * and the players. A published post replaces its old self in the feeds; an answer reads the post
 * again for its counts.
 */
export function usePromptBodies(): PostBodies {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const onPostChanged = (post: PostDto) => replacePost(queryClient, post);
    const onRefreshPost = (post: PostDto) => void refreshPost(queryClient, post.team_id, post.id);
    const body = (post: PostDto) => (
      <Suspense fallback={loading}>
        <PromptPostBody post={post} onPostChanged={onPostChanged} onRefreshPost={onRefreshPost} />
      </Suspense>
    );
    return { [PostType.teamvideo]: body, [PostType.slideshow]: body };
  }, [queryClient]);
}

/** Team video and slideshow in the post type selector: offered to roles 2 and 3 by the permission table. */
export function usePromptPostTypes(teamId: number): ExtraPostTypes {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const onPosted = (post: PostDto) => prependPost(queryClient, post);
    return new Map([
      [
        PostType.teamvideo,
        {
          label: 'Team Video',
          icon: <VideoCameraFrontOutlined />,
          hint: 'Ask the team on video. Everyone answers with a short video; you publish the answers.',
          render: (onDone: () => void) => (
            <Suspense fallback={loading}>
              <CreateVideoForm teamId={teamId} onPosted={onPosted} onDone={onDone} />
            </Suspense>
          ),
        },
      ],
      [
        PostType.slideshow,
        {
          label: 'Slideshow',
          icon: <SlideshowOutlined />,
          hint: 'Ask the team with an image. Everyone answers with pictures and captions; you publish the slideshow.',
          render: (onDone: () => void) => (
            <Suspense fallback={loading}>
              <CreateSlideshowForm teamId={teamId} onPosted={onPosted} onDone={onDone} />
            </Suspense>
          ),
        },
      ],
    ]);
  }, [queryClient, teamId]);
}
