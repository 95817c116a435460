import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { PromptMessages, type PromptResponseDto } from '@rally/contract';
import { PostMedia } from '../../../components/post-media';
import { UserAvatar } from '../../../components/user-avatar';
import { displayDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useHideResponse } from '../api/manage-prompt';
import type { PromptDto } from '../api/get-prompt';

/** One answer as its author or the owner sees it: who, when, the video or image and caption. */
export function ResponseItem({ response, action }: { response: PromptResponseDto; action?: ReactNode }) {
  return (
    <Stack component="li" spacing={1} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <UserAvatar name={response.user.full_name} src={response.user.avatar} sx={{ width: 28, height: 28 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {response.user.full_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {displayDate(response.created_at)}
          </Typography>
        </Box>
        {response.hidden && <Chip size="small" label="Hidden" variant="outlined" />}
        {action}
      </Stack>
      <Box sx={{ opacity: response.hidden ? 0.5 : 1, maxWidth: 320 }}>
        <PostMedia
          src={response.media ?? ''}
          type={response.media_type}
          owner={response.user.full_name}
          status={response.media_status}
          poster={response.poster}
          compact
        />
      </Box>
      {response.caption && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {response.caption}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The answers the owner reviews before publishing: each can be hidden from the team (and shown
 * again); a hidden answer is never played (issue 22's moderation).
 */
export function OwnerResponses({ prompt }: { prompt: PromptDto }) {
  const [open, setOpen] = useState(false);
  const hide = useHideResponse(prompt.team_id, prompt.kind, prompt.id);
  const { enqueueSnackbar } = useSnackbar();
  const listId = useId();
  if (prompt.responses.length === 0) return null;

  const toggle = async (r: PromptResponseDto) => {
    try {
      await hide.mutateAsync({ responseId: r.id, hidden: !r.hidden });
      enqueueSnackbar(r.hidden ? PromptMessages.responseShown : PromptMessages.responseHidden, { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <Box>
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={listId}>
        {open ? 'Hide the answers' : `Review the answers (${prompt.responses.length})`}
      </Button>
      {open && (
        <Box component="ul" id={listId} aria-label="Answers" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {prompt.responses.map((r) => (
            <ResponseItem
              key={r.id}
              response={r}
              action={
                <Button
                  size="small"
                  onClick={() => void toggle(r)}
                  disabled={hide.isPending}
                  aria-label={`${r.hidden ? 'Show' : 'Hide'} the answer of ${r.user.full_name}`}
                >
                  {r.hidden ? 'Show' : 'Hide'}
                </Button>
              }
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
