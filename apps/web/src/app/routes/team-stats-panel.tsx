import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import { useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';
import { CheckinStatsCard } from '../../features/checkins/components/checkin-stats-card';
import { PromptStatsCard } from '../../features/prompts/components/prompt-stats-card';

const TeamStatsDialog = lazyDialog(() =>
  import('../../features/checkins/components/team-stats-dialog').then((m) => m.TeamStatsDialog),
);

/**
 * The statistics of the team's right sidebar, for roles 2 and 3 (spec §6): the 'Team Statistics'
 * dialog, Check-In Stats, Engagement Video Stats and the slideshow statistics. Clicks stay here: on a phone the sidebar closes on any button click,
 * which would unmount the dialog and the details drawer these buttons open.
 */
export function TeamStatsPanel({ teamId, teamName }: { teamId: number; teamName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Button variant="outlined" startIcon={<InsertChartOutlined />} onClick={() => setOpen(true)}>
        Team Statistics
      </Button>
      <CheckinStatsCard teamId={teamId} />
      <PromptStatsCard teamId={teamId} kind="video" />
      <PromptStatsCard teamId={teamId} kind="slideshow" />
      <TeamStatsDialog open={open} teamId={teamId} teamName={teamName} onClose={() => setOpen(false)} />
    </Box>
  );
}
