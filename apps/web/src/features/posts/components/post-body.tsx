import { Box, Chip, Stack, Typography } from '@mui/material';
import EmojiEmotionsOutlined from '@mui/icons-material/EmojiEmotionsOutlined';
import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import LocalCafeOutlined from '@mui/icons-material/LocalCafeOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PostType, textColorOn, type PostDto, PostMessages } from '@rally/contract';
import { paths } from '../../../config/paths';
import { displayDate, feedDate } from '../../../lib/dates';
import { PostMedia, hasMedia } from '../../../components/post-media';

/** 'HH:mm' of a time, in the viewer's zone. */
const clock = (iso: string) => feedDate(iso).slice(-5);

const textSx = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** The words of a post: `content` for text posts, `text` for the coloured ones; either may carry it. */
const wordsOf = (post: PostDto) => post.data.text ?? post.data.content ?? '';

function Words({ children, variant = 'body1' }: { children: string; variant?: 'body1' | 'h6' }) {
  return children ? (
    <Typography variant={variant} component="p" sx={textSx}>
      {children}
    </Typography>
  ) : null;
}

function Media({ post }: { post: PostDto }) {
  const { media, media_type, media_status, poster } = post.data;
  return hasMedia(post.data) ? (
    <PostMedia src={media} type={media_type} owner={post.user.full_name} status={media_status} poster={poster} />
  ) : null;
}

function Tagged({ post, color }: { post: PostDto; color?: string }) {
  const tagged = post.data.tagged_users ?? [];
  if (tagged.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }} aria-label="Tagged members">
      <Typography variant="body2" component="span" sx={{ color, fontWeight: 600, mr: 0.5 }}>
        With
      </Typography>
      {tagged.map((u) => (
        <Chip
          key={u.id}
          size="small"
          label={u.full_name}
          sx={color ? { color, borderColor: color } : undefined}
          variant="outlined"
          {...(u.id > 0 && { component: RouterLink, to: paths.userProfile(u.id), clickable: true })}
        />
      ))}
    </Stack>
  );
}

/** Celebration and bright idea: the words on the post's colour gradient, then tags and media. */
function Coloured({ post }: { post: PostDto }) {
  const color = post.data.color;
  const gradient = color?.color_gradient.length
    ? `linear-gradient(135deg, ${color.color_gradient.join(', ')})`
    : undefined;
  const fg = textColorOn(color);
  const words = wordsOf(post);
  return (
    <Stack spacing={1.5}>
      {(words || !hasMedia(post.data)) && (
        <Box
          sx={{
            background: gradient,
            bgcolor: gradient ? undefined : 'grey.100',
            color: fg,
            borderRadius: 2,
            border: color?.name === 'white' ? 1 : 0,
            borderColor: 'divider',
            px: 3,
            py: 4,
            minHeight: 120,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
          }}
        >
          <Typography variant="h6" component="p" sx={{ ...textSx, fontWeight: 600 }}>
            {words}
          </Typography>
        </Box>
      )}
      <Tagged post={post} />
      <Media post={post} />
    </Stack>
  );
}

function Callout({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'flex-start', bgcolor: 'action.hover', borderRadius: 2, p: 2 }}
    >
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>{children}</Box>
    </Stack>
  );
}

/**
 * Team video and slideshow where no page passes the prompts feature's body (a create form's
 * preview): read-only, the words, the media and the state.
 */
function Published({ post }: { post: PostDto }) {
  const { published, responses_count, max_responses_count } = post.data;
  return (
    <Stack spacing={1.5}>
      <Words>{post.data.content ?? post.data.text ?? ''}</Words>
      <Media post={post} />
      <Typography variant="body2" color="text.secondary">
        {published ? 'Published' : 'Not Published'}
        {responses_count !== undefined &&
          max_responses_count !== undefined &&
          ` · ${responses_count} of ${max_responses_count} responded`}
      </Typography>
    </Stack>
  );
}

/** 'from 10:00 to 10:45' on one day; with both dates when the room ran past midnight. */
function roomTime(startedAt: string, endedAt: string | null | undefined): string {
  if (!endedAt) return `Started ${feedDate(startedAt)}`;
  const sameDay = displayDate(startedAt) === displayDate(endedAt);
  return sameDay
    ? `${displayDate(startedAt)}, ${clock(startedAt)} to ${clock(endedAt)}`
    : `${feedDate(startedAt)} to ${feedDate(endedAt)}`;
}

/**
 * Watercooler (type 7): all that is kept of a room once it ended (issue 23), when it took place
 * and who joined; its messages and images are gone.
 */
function WatercoolerHeld({ post }: { post: PostDto }) {
  const { started_at, ended_at, participants = [] } = post.data;
  return (
    <Callout icon={<LocalCafeOutlined />}>
      <Typography sx={{ fontWeight: 600 }}>Watercooler</Typography>
      {started_at && (
        <Typography variant="body2" color="text.secondary">
          {roomTime(started_at, ended_at)}
        </Typography>
      )}
      {participants.length > 0 ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 1 }} aria-label="Who joined">
          <Typography variant="body2" component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
            Joined by
          </Typography>
          {participants.map((u) => (
            <Chip
              key={u.id}
              size="small"
              variant="outlined"
              label={u.full_name}
              {...(u.id > 0 && { component: RouterLink, to: paths.userProfile(u.id), clickable: true })}
            />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={textSx}>
          {wordsOf(post) || 'A team room for a chat, a call or a catch-up.'}
        </Typography>
      )}
    </Callout>
  );
}

/** A check-in answer has no body: its header says it all (spec §2). */
export const hasBody = (post: Pick<PostDto, 'type_id'>) => post.type_id !== PostType['checkin.reply'];

/** The body of a post, by its type (spec §2); 'Post Type Not Supported.' for a type this app does not know. */
export function PostBody({ post }: { post: PostDto }): ReactNode {
  switch (post.type_id) {
    case PostType.text:
      return (
        <Stack spacing={1.5}>
          <Words>{wordsOf(post)}</Words>
          <Tagged post={post} />
          <Media post={post} />
        </Stack>
      );
    case PostType.celebration:
    case PostType.brightidea:
      return <Coloured post={post} />;
    case PostType.welcomemessage:
      return (
        <Stack spacing={1.5}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            Welcome to {post.team.name}!
          </Typography>
          <Words>{wordsOf(post)}</Words>
          <Media post={post} />
        </Stack>
      );
    case PostType.topic:
      return (
        <Callout icon={<FormatQuoteRounded />}>
          {/* The topic's own day (data.published_at, 'YYYY-MM-DD'), not when the post was written. */}
          <Typography variant="overline" color="text.secondary" component="p">
            {post.data.published_at ? `Inspiration of ${displayDate(post.data.published_at)}` : 'Inspiration'}
          </Typography>
          <Words variant="h6">{post.data.topic ?? wordsOf(post)}</Words>
        </Callout>
      );
    case PostType.checkin:
      return (
        <Callout icon={<EmojiEmotionsOutlined />}>
          <Typography sx={{ fontWeight: 600 }}>How is everyone feeling today?</Typography>
          <Typography variant="body2" color="text.secondary">
            {post.data.responses_count !== undefined
              ? `${post.data.responses_count} ${post.data.responses_count === 1 ? 'member has' : 'members have'} checked in.`
              : 'Members answer with their mood.'}
          </Typography>
        </Callout>
      );
    case PostType['checkin.reply']:
      return null;
    case PostType.teamvideo:
    case PostType.slideshow:
      return <Published post={post} />;
    case PostType.watercooler:
      return <WatercoolerHeld post={post} />;
    case PostType.todo:
      return (
        <Callout icon={<TaskAltRounded />}>
          <Words>{wordsOf(post)}</Words>
          <Box sx={{ mt: hasMedia(post.data) ? 1 : 0 }}>
            <Media post={post} />
          </Box>
        </Callout>
      );
    default:
      return (
        <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {PostMessages.postTypeNotSupported}
        </Typography>
      );
  }
}
