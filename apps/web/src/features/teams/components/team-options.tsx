import { Alert, Box, Button, Divider, Skeleton, Stack, Typography } from '@mui/material';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { useState, type ReactNode } from 'react';
import { Messages, can, type Viewer } from '@rally/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteTeam } from '../api/delete-team';
import { restoreTeam } from '../api/deleted-teams';
import { teamKeys } from '../api/get-teams';
import { useTeamProfile } from '../api/get-teams';
import { TeamAvatarEditor } from './team-avatar-editor';
import { TeamNameEditor } from './team-name-editor';
import { lazyDialog } from '../../../components/lazy-dialog';

const LevelOfEngagementDialog = lazyDialog(() =>
  import('./level-of-engagement-dialog').then((m) => m.LevelOfEngagementDialog),
);

interface Props {
  teamId: number;
  /** The signed-in user in this team. */
  viewer: Viewer;
  onDeleted: () => void;
  /** More options the page adds (another feature's, e.g. the team's push switch), above Delete Coaching. */
  children?: ReactNode;
}

/** How long the snackbar with Undo stays after Delete Coaching. */
export const UNDO_MS = 10_000;

/**
 * The 'Engagement Options' tab: picture, name, level of engagement and Delete Coaching (spec §2,
 * §6), which only the owner is offered (ADR 0019); a deleted engagement can be brought back at once
 * (Undo) or later from 'Deleted engagements'.
 */
export function TeamOptions({ teamId, viewer, onDeleted, children }: Props) {
  const profile = useTeamProfile(teamId);
  const remove = useDeleteTeam();
  const queryClient = useQueryClient();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [levelOpen, setLevelOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editable = can('team.update', viewer);

  if (profile.isPending) return <Skeleton variant="rounded" height={270} sx={{ maxWidth: 480 }} />;
  if (profile.isError) return <Alert severity="error">{profile.error.message}</Alert>;
  const { name, avatar, level_of_engagement: level } = profile.data;

  const doDelete = async () => {
    try {
      await remove.mutateAsync(teamId);
      setConfirmDelete(false);
      enqueueSnackbar(Messages.teamDeleted, {
        variant: 'success',
        autoHideDuration: UNDO_MS,
        action: (key) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              void undo();
            }}
          >
            {Messages.undo}
          </Button>
        ),
      });
      onDeleted();
    } catch (err) {
      setConfirmDelete(false);
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  // Runs after this tab has gone (the page left the team): only the query client and snackbars.
  const undo = async () => {
    try {
      await restoreTeam(teamId);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      enqueueSnackbar(Messages.teamRestored, { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={3}>
      <TeamAvatarEditor teamId={teamId} name={name} avatar={avatar} editable={editable} />
      <TeamNameEditor teamId={teamId} name={name} editable={editable} />
      <Divider />
      <Box>
        <Typography variant="subtitle2" color="text.secondary">
          Level of Engagement
        </Typography>
        <Typography sx={{ mb: 1 }}>
          {level.id}. {level.name}
        </Typography>
        <Button variant="outlined" startIcon={<InsightsOutlined />} onClick={() => setLevelOpen(true)}>
          Level of Engagement
        </Button>
      </Box>
      {children}
      {can('team.delete', viewer) && (
        <Box>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlined />}
            onClick={() => setConfirmDelete(true)}
          >
            Delete Coaching
          </Button>
        </Box>
      )}
      <LevelOfEngagementDialog
        teamId={teamId}
        open={levelOpen}
        canChange={can('level.set', viewer)}
        onClose={() => setLevelOpen(false)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={Messages.deleteCoachingTitle}
        message={Messages.deleteCoachingBody}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => void doDelete()}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
