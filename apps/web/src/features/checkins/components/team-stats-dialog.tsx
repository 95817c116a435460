import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { useTeamStats } from '../api/get-team-stats';
import { TimeFilterSelect, fromDateOf, type TimeFilter } from '../../../components/time-filter';
import { LoadingBlock } from '../../../components/loading-block';

export interface TeamStatsDialogProps {
  open: boolean;
  teamId: number;
  teamName: string;
  onClose: () => void;
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 1.5 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="p">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * The 'Team Statistics' dialog (spec §2; decisions.md): posts, reactions, comments and active
 * members of a period, and the team videos and slideshows asked with the answers given (issue 22).
 */
export function TeamStatsDialog({ open, teamId, teamName, onClose }: TeamStatsDialogProps) {
  const [filter, setFilter] = useState<TimeFilter>('30');
  const fromDate = useMemo(() => fromDateOf(filter), [filter]);
  const stats = useTeamStats(teamId, fromDate, open);
  const s = stats.data;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="team-stats-title">
      <DialogTitle id="team-stats-title">Team Statistics</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, pt: 1 }}>
          <Typography color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} title={teamName}>
            {teamName}
          </Typography>
          <TimeFilterSelect value={filter} onChange={setFilter} />
        </Stack>
        {stats.isError ? (
          <Typography color="error">{errorMessage(stats.error)}</Typography>
        ) : !s ? (
          <LoadingBlock label="Loading team statistics" height={150} />
        ) : (
          <Box
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, opacity: stats.isPlaceholderData ? 0.6 : 1 }}
          >
            <Stat label="Posts" value={s.posts_count} />
            <Stat label="Reactions" value={s.reactions_count} />
            <Stat label="Comments" value={s.comments_count} />
            <Stat label="Active members" value={`${s.active_members_count} of ${s.members_count}`} />
            <Stat label="Team videos" value={s.videos_count} />
            <Stat label="Video responses" value={s.video_responses_count} />
            <Stat label="Slideshows" value={s.slideshows_count} />
            <Stat label="Slideshow responses" value={s.slideshow_responses_count} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
