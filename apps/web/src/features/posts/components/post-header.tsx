import { Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PostType, type PostDto, PostMessages } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { feedDate, fromNow } from '../../../lib/dates';
import { actionText } from './post-types';

/**
 * Avatar, author, action and team, the relative time; 'Shared By {name} from {team}' for a
 * forwarded post and 'Topic: {topic}' for a team video or slideshow (spec §2). A forwarded post
 * shows its first author; the one who shared it is named below.
 */
export function PostHeader({ post, titleId }: { post: PostDto; titleId: string }) {
  const author = post.original_post?.user ?? post.user;
  const action = actionText(post);
  const mood = post.type_id === PostType['checkin.reply'] ? post.data.mood : null;
  const topic = post.type_id === PostType.teamvideo || post.type_id === PostType.slideshow ? post.data.topic : null;

  // A first author who has left Rally since is named, but has no profile to open.
  const known = author.id > 0;
  const avatar = <UserAvatar name={author.full_name} src={author.avatar} sx={{ width: 44, height: 44 }} />;

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      {known ? (
        <Link component={RouterLink} to={paths.userProfile(author.id)} aria-label={`${author.full_name}'s profile`}>
          {avatar}
        </Link>
      ) : (
        avatar
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography id={titleId} component="h3" variant="body1" sx={{ overflowWrap: 'anywhere', lineHeight: 1.4 }}>
          {known ? (
            <Link
              component={RouterLink}
              to={paths.userProfile(author.id)}
              underline="hover"
              color="text.primary"
              sx={{ fontWeight: 700 }}
            >
              {author.full_name}
            </Link>
          ) : (
            <Box component="span" sx={{ fontWeight: 700 }}>
              {author.full_name}
            </Box>
          )}
          {action && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' '}
              {action}
            </Box>
          )}
          {mood && (
            <Box
              component="img"
              src={mood.media}
              alt=""
              // Decorative (the mood's name is in the post): after what the page needs first.
              fetchPriority="low"
              sx={{ width: 22, height: 22, verticalAlign: 'middle', ml: 0.75 }}
            />
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {post.team.name}
          </Box>
          {' · '}
          <time dateTime={post.created_at} title={feedDate(post.created_at)}>
            {fromNow(post.created_at)}
          </time>
        </Typography>
        {post.is_forwarded && post.original_post && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {PostMessages.sharedBy(post.user.full_name, post.original_post.team.name)}
          </Typography>
        )}
        {topic && (
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {PostMessages.topicLabel(topic)}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
