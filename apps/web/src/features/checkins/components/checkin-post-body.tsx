import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EmojiEmotionsOutlined from '@mui/icons-material/EmojiEmotionsOutlined';
import { useState } from 'react';
import { CheckinMessages, type PostDto } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useCheckin } from '../api/get-checkin';

const CheckinDialog = lazyDialog(() => import('./checkin-dialog').then((m) => m.CheckinDialog));

/**
 * A `checkin` post's body: the question, how many answered, and Answer for a member who has not
 * (never the initiator). The page puts it in the post card (a feature imports no other).
 */
export function CheckinPostBody({ post, onPosted }: { post: PostDto; onPosted?: (post: PostDto) => void }) {
  const checkinId = post.data.checkin_id ?? 0;
  const checkin = useCheckin(post.team_id, checkinId);
  const [open, setOpen] = useState(false);
  const c = checkin.data;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, bgcolor: 'action.hover', borderRadius: 2, p: 2 }}
    >
      <Box sx={{ color: 'primary.main', display: { xs: 'none', sm: 'flex' } }} aria-hidden>
        <EmojiEmotionsOutlined />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{post.data.text ?? CheckinMessages.question}</Typography>
        <Typography variant="body2" color="text.secondary">
          {c ? (
            `${c.responses_count} of ${c.max_responses_count} checked in`
          ) : checkin.isError ? (
            // A copy shared from another team: its answers are collected where it was asked.
            'Answers go to the team that asked.'
          ) : (
            <Skeleton width={120} />
          )}
        </Typography>
      </Box>
      {c?.can_answer && (
        <Button variant="contained" onClick={() => setOpen(true)}>
          Answer
        </Button>
      )}
      {c?.is_responded && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.dark' }}>
          <CheckCircleRounded fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            You checked in
          </Typography>
        </Stack>
      )}
      {checkinId > 0 && (
        <CheckinDialog
          open={open}
          teamId={post.team_id}
          checkinId={checkinId}
          onClose={() => setOpen(false)}
          onPosted={onPosted}
        />
      )}
    </Stack>
  );
}
