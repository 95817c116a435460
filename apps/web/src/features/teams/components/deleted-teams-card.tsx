import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import { Messages, type DeletedTeamDto } from '@rally/contract';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useRestoreTeam } from '../api/deleted-teams';
import { TeamImage } from './team-image';

function DeletedTeamRow({ team }: { team: DeletedTeamDto }) {
  const restore = useRestoreTeam();
  const { enqueueSnackbar } = useSnackbar();
  // The promise, not mutate's callbacks: those are dropped when the row unmounts first, and the
  // restored team leaves this list as soon as the lists refetch (a live team.restored may come first).
  const onRestore = () =>
    restore.mutateAsync(team.id).then(
      () => enqueueSnackbar(Messages.teamRestored, { variant: 'success' }),
      (err: unknown) => enqueueSnackbar(errorMessage(err), { variant: 'error' }),
    );
  return (
    <ListItem disableGutters divider sx={{ gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ width: 72, flexShrink: 0 }}>
        <TeamImage id={team.id} name={team.name} avatar={team.avatar} rounded small />
      </Box>
      <ListItemText
        sx={{ minWidth: 0, flex: '1 1 160px' }}
        primary={team.name}
        secondary={Messages.daysLeftToRestore(team.days_left)}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Button variant="outlined" startIcon={<RestoreOutlined />} loading={restore.isPending} onClick={onRestore}>
        {Messages.restore}
      </Button>
    </ListItem>
  );
}

/** 'Deleted engagements' with each team, the days left to restore it and Restore (ADR 0019). */
export function DeletedTeamsCard({ teams, sx }: { teams: DeletedTeamDto[]; sx?: SxProps<Theme> | undefined }) {
  return (
    <Card component="section" aria-labelledby="deleted-engagements-title" sx={sx ?? {}}>
      <CardContent>
        <Typography id="deleted-engagements-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {Messages.deletedEngagements}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {Messages.deletedEngagementsHint}
        </Typography>
        <List disablePadding>
          {teams.map((team) => (
            <DeletedTeamRow key={team.id} team={team} />
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
