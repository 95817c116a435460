import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { Ref } from 'react';
import type { CommentDto, UserRefDto } from '@rally/contract';
import { ProfileLink } from '../../../components/profile-link';
import { UserAvatar } from '../../../components/user-avatar';
import { loadedComments, useComments } from '../api/comments';
import type { EngagementSubject } from '../api/subject';
import { CommentComposer } from './comment-composer';
import { feedDate, fromNow } from '../../../lib/dates';
import { PostMedia, hasMedia } from '../../../components/post-media';

function Comment({ comment }: { comment: CommentDto }) {
  return (
    <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <ProfileLink userId={comment.user.id} aria-label={`${comment.user.full_name}'s profile`}>
        <UserAvatar name={comment.user.full_name} src={comment.user.avatar} sx={{ width: 32, height: 32 }} />
      </ProfileLink>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            <ProfileLink userId={comment.user.id}>{comment.user.full_name}</ProfileLink>
          </Typography>
          {comment.content && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.content}
            </Typography>
          )}
          {hasMedia(comment) && (
            <Box sx={{ mt: comment.content ? 1 : 0.5 }}>
              <PostMedia
                src={comment.media}
                type={comment.media_type}
                owner={comment.user.full_name}
                status={comment.media_status}
                poster={comment.poster}
                compact
              />
            </Box>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ pl: 1.5 }}>
          <time dateTime={comment.created_at} title={feedDate(comment.created_at)}>
            {fromNow(comment.created_at)}
          </time>
        </Typography>
      </Box>
    </Stack>
  );
}

interface Props {
  subject: EngagementSubject;
  me: UserRefDto;
  composerRef?: Ref<HTMLTextAreaElement>;
  /** Puts the cursor in the composer when the list opens. */
  autoFocus?: boolean;
}

/** A post's or task's comments ("engagements"), newest first with Load More, and the composer above them. */
export function Comments({ subject, me, composerRef, autoFocus }: Props) {
  const comments = useComments(subject, subject.engagement.expressions_count > 0);
  const items = loadedComments(comments.data);

  return (
    <Stack spacing={1.5} sx={{ pt: 1.5 }}>
      <CommentComposer subject={subject} me={me} inputRef={composerRef} autoFocus={autoFocus} />
      {comments.isError ? (
        <Alert severity="error">{comments.error.message}</Alert>
      ) : comments.isLoading ? (
        <Box aria-label="Loading engagements">
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : (
        items.length > 0 && (
          <Stack component="ul" spacing={1.25} aria-label="Engagements" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((c) => (
              <Comment key={c.id} comment={c} />
            ))}
          </Stack>
        )
      )}
      {comments.hasNextPage && (
        <Box>
          <Button size="small" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
            Load More
          </Button>
        </Box>
      )}
    </Stack>
  );
}
