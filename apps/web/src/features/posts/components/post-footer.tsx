import { Box, Button, Divider, Stack } from '@mui/material';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { useState, type ReactNode } from 'react';
import { can, type PostDto, type Viewer, PostMessages } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeletePost } from '../api/delete-post';
import { postTarget } from './post-types';
import type { ShareTeam } from './share-post-dialog';

// What only some readers open comes in its own chunks, on first use.
const SharePostDialog = lazyDialog(() => import('./share-post-dialog').then((m) => m.SharePostDialog));
const ConfirmDialog = lazyDialog(() => import('../../../components/confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * The reactions and comments of a post, which another feature draws: the page passes them in
 * (app/routes/engagement.tsx), with this footer's own buttons to put at the end of their row.
 * Keep it stable (a module-level function), as cards are memoised.
 */
export type PostEngagementSlot = (post: PostDto, actions: ReactNode) => ReactNode;

export interface PostFooterProps {
  post: PostDto;
  viewer: Viewer;
  /** Reactions and comments; without it the footer has only Share and Delete. */
  engagement?: PostEngagementSlot | undefined;
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
export function PostFooter({ post, viewer, engagement, leadTeams }: PostFooterProps) {
  const target = postTarget(post);
  const engage = can('post.engage', viewer, target) && engagement !== undefined;
  const canShare = can('post.share', viewer, target);
  const canDelete = can('post.delete', viewer, target);
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
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

  const actions = (
    <>
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
    </>
  );

  return (
    <Box sx={{ mt: 1.5 }}>
      {engage && engagement ? (
        engagement(post, canShare || canDelete ? actions : null)
      ) : (
        <>
          <Divider />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', columnGap: 0.5, pt: 0.5 }}>
            {actions}
          </Stack>
        </>
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
