import { Alert, Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import { Messages, type DeletedTeamDto } from '@rally/contract';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeletedTeams, useRestoreTeam } from '../api/deleted-teams';
import { TeamImage } from './team-image';

function DeletedTeamRow({ team }: { team: DeletedTeamDto }) {
  const restore = useRestoreTeam();
  const { enqueueSnackbar } = useSnackbar();
  const onRestore = () =>
    restore.mutate(team.id, {
      onSuccess: () => enqueueSnackbar(Messages.teamRestored, { variant: 'success' }),
      onError: (err) => enqueueSnackbar(errorMessage(err), { variant: 'error' }),
    });
  return (
    <ListItem disableGutters divider sx={{ gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ width: 72, flexShrink: 0 }}>
        <TeamImage id={team.id} name={team.name} avatar={team.avatar} rounded />
      </Box>
      <ListItemText
        sx={{ minWidth: 0, flex: '1 1 160px' }}
        primary={team.name}
        secondary={Messages.daysLeftToRestore(team.days_left)}
        slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
      />
      <Button variant="outlined" startIcon={<RestoreOutlined />} loading={restore.isPending} onClick={onRestore}>
        {Messages.restore}
      </Button>
    </ListItem>
  );
}

/**
 * 'Deleted engagements': the owner's deleted teams with the days left to restore each (ADR 0019).
 * Nothing at all while there are none, so members and coaches who never deleted one see no change.
 */
export function DeletedTeams({ sx }: { sx?: SxProps<Theme> }) {
  const deleted = useDeletedTeams();
  if (deleted.isError) return <Alert severity="error">{errorMessage(deleted.error)}</Alert>;
  if (!deleted.data?.length) return null;
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
          {deleted.data.map((team) => (
            <DeletedTeamRow key={team.id} team={team} />
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
