import { Alert, Box, Typography } from '@mui/material';
import type { TeamDto } from '@rally/contract';
import { SkeletonGrid } from '../../../components/skeleton-grid';
import { useTeams } from '../api/get-teams';
import { TeamCard } from './team-card';

interface Props {
  coach: boolean;
  /** The page's empty text (spec §2: two are given). */
  emptyText: string;
  onInvite?: (team: TeamDto) => void;
}

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(0, 350px))', gap: 2 } as const;

/** The user's teams as cards in 350 px columns. */
export function TeamsGrid({ coach, emptyText, onInvite }: Props) {
  const teams = useTeams();
  if (teams.isPending) return <SkeletonGrid sx={grid} height={300} />;
  if (teams.isError) return <Alert severity="error">{teams.error.message}</Alert>;
  if (teams.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  return (
    <Box sx={grid}>
      {teams.data.map((team) => (
        <TeamCard key={team.id} team={team} coach={coach} onInvite={onInvite} />
      ))}
    </Box>
  );
}
