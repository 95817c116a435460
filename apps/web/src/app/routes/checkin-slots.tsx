import EmojiEmotionsOutlined from '@mui/icons-material/EmojiEmotionsOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PostType, type PostDto, type TeamDto } from '@rally/contract';
import { CheckinPostBody } from '../../features/checkins/components/checkin-post-body';
import { RequestCheckinForm } from '../../features/checkins/components/request-checkin-form';
import { prependPost } from '../../features/posts/api/post-cache';
import type { PostBodies } from '../../features/posts/components/post-card';
import type { ExtraPostTypes } from '../../features/posts/components/post-type-selector';

/**
 * The check-in feature in the posts feature's slots (a feature imports no other; pages compose
 * them): a `checkin` post's body with its Answer button, and the check-in request in the post
 * type selector (offered to roles 2 and 3 by the permission table). New posts go to the top of
 * the loaded feeds at once; the realtime event that follows finds them there.
 */
export function useCheckinBodies(): PostBodies {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const onPosted = (post: PostDto) => prependPost(queryClient, post);
    return { [PostType.checkin]: (post: PostDto) => <CheckinPostBody post={post} onPosted={onPosted} /> };
  }, [queryClient]);
}

export function useCheckinPostType(team: Pick<TeamDto, 'id' | 'users_count'>): ExtraPostTypes {
  const queryClient = useQueryClient();
  const { id, users_count } = team;
  return useMemo(
    () =>
      new Map([
        [
          PostType.checkin,
          {
            label: 'Check-in',
            icon: <EmojiEmotionsOutlined />,
            hint: 'Ask the team how everyone feels. You can ask again 4 hours later.',
            render: (onDone: () => void) => (
              <RequestCheckinForm
                teamId={id}
                membersCount={users_count}
                onPosted={(post) => prependPost(queryClient, post)}
                onDone={onDone}
              />
            ),
          },
        ],
      ]),
    [queryClient, id, users_count],
  );
}
