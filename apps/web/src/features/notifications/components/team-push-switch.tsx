import { Alert, FormControlLabel, Skeleton, Switch } from '@mui/material';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useSetTeamPush, useTeamPush } from '../api/team-push';

export const TEAM_PUSH_LABEL = 'Push notifications from this team';
export const teamPushMessage = (enabled: boolean) => `Push notifications from this team are ${enabled ? 'on' : 'off'}.`;

/**
 * The per-team push switch (Engagement Options): its state is the server's; a change shows only
 * once saved, and a failure says so and leaves the switch as it was. In-app notifications are
 * never turned off.
 */
export function TeamPushSwitch({ teamId }: { teamId: number }) {
  const state = useTeamPush(teamId);
  const save = useSetTeamPush();
  const { enqueueSnackbar } = useSnackbar();

  if (state.isPending) return <Skeleton variant="rounded" height={38} sx={{ maxWidth: 360 }} />;
  if (state.isError) return <Alert severity="error">{state.error.message}</Alert>;

  const onChange = (enabled: boolean) =>
    save.mutate(
      { teamId, enabled },
      {
        onSuccess: (saved) => enqueueSnackbar(teamPushMessage(saved.enabled), { variant: 'success' }),
        onError: (err) => enqueueSnackbar(errorMessage(err), { variant: 'error' }),
      },
    );

  return (
    <FormControlLabel
      label={TEAM_PUSH_LABEL}
      control={
        <Switch checked={state.data.enabled} disabled={save.isPending} onChange={(_e, checked) => onChange(checked)} />
      }
    />
  );
}
