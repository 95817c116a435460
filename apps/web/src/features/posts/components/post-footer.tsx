import { Box, Button, Divider, Skeleton, Stack } from '@mui/material';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { Suspense, lazy, useId, useRef, useState } from 'react';
import { can, type MoodDto, type PostDto, type UserRefDto, type Viewer, PostMessages } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeletePost } from '../api/delete-post';
import { postTarget } from './post-types';
import { ReactionPicker } from './reaction-picker';
import { ReactionsSummary, engagementsLabel } from './reactions-summary';
import type { ShareTeam } from './share-post-dialog';

// What only some readers open comes in its own chunks, on first use.
const SharePostDialog = lazyDialog(() => import('./share-post-dialog').then((m) => m.SharePostDialog));
const ConfirmDialog = lazyDialog(() => import('../../../components/confirm-dialog').then((m) => m.ConfirmDialog));
const PostComments = lazy(() => import('./post-comments').then((m) => ({ default: m.PostComments })));

export interface PostFooterProps {
  post: PostDto;
  viewer: Viewer;
  me: UserRefDto;
  buzzes: readonly MoodDto[] | undefined;
  /** The viewer's teams that they lead; the post's own team is left out of the share dialog. */
  leadTeams: ShareTeam[];
}

/** On a phone, Share and Delete show their icons only (still named for assistive technology), so the actions fit one row. */
const compactOnPhones = {
  minWidth: 0,
  '& > span:not(.MuiButton-startIcon)': { display: { xs: 'none', sm: 'inline' } },
  '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
} as const;

/**
 * Reactions, comments, share and delete (spec §2). Each button is there exactly when the
 * permission table allows it; check-ins and watercooler posts take no reactions or comments.
 */
export function PostFooter({ post, viewer, me, buzzes, leadTeams }: PostFooterProps) {
  const target = postTarget(post);
  const engage = can('post.engage', viewer, target);
  const canShare = can('post.share', viewer, target);
  const canDelete = can('post.delete', viewer, target);
  const [commentsOpen, setCommentsOpen] = useState(false);
  /** The comments were opened by Engage: the cursor goes to the composer. */
  const [focusComposer, setFocusComposer] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const commentsId = useId();
  const remove = useDeletePost(post);
  const { enqueueSnackbar } = useSnackbar();

  if (!engage && !canShare && !canDelete) return null;

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      enqueueSnackbar(PostMessages.postDeleted, { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      {engage && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', py: 0.5 }}>
          <ReactionsSummary post={post} buzzes={buzzes} />
          <Button
            size="small"
            color="inherit"
            sx={{ color: 'text.secondary', fontWeight: 500 }}
            aria-expanded={commentsOpen}
            aria-controls={commentsId}
            onClick={() => {
              setFocusComposer(false);
              setCommentsOpen((o) => !o);
            }}
          >
            {engagementsLabel(post.expressions_count)}
          </Button>
        </Stack>
      )}
      <Divider />
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, pt: 0.5 }}>
        {engage && <ReactionPicker post={post} me={me} buzzes={buzzes} />}
        {engage && (
          <Button
            size="small"
            color={post.user_expressed ? 'primary' : 'inherit'}
            startIcon={<ChatBubbleOutlineRounded />}
            onClick={() => {
              if (composer.current) composer.current.focus();
              else {
                setCommentsOpen(true);
                setFocusComposer(true);
              }
            }}
          >
            Engage
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {canShare && (
          <Button
            size="small"
            color="inherit"
            aria-label="Share"
            startIcon={<ShareOutlined />}
            onClick={() => setSharing(true)}
            sx={compactOnPhones}
          >
            <span>Share</span>
          </Button>
        )}
        {canDelete && (
          <Button
            size="small"
            color="inherit"
            aria-label="Delete"
            startIcon={<DeleteOutlineRounded />}
            onClick={() => setConfirming(true)}
            sx={compactOnPhones}
          >
            <span>Delete</span>
          </Button>
        )}
      </Stack>
      {engage && commentsOpen && (
        <Box id={commentsId}>
          <Suspense fallback={<Skeleton variant="rounded" height={40} sx={{ mt: 1.5 }} />}>
            <PostComments post={post} me={me} composerRef={composer} autoFocus={focusComposer} />
          </Suspense>
        </Box>
      )}
      {canShare && (
        <SharePostDialog
          open={sharing}
          post={post}
          teams={leadTeams.filter((t) => t.id !== post.team_id)}
          onClose={() => setSharing(false)}
        />
      )}
      {canDelete && (
        <ConfirmDialog
          open={confirming}
          title="Delete Post"
          message="Do you want to delete this post, kindly confirm."
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Box>
  );
}
