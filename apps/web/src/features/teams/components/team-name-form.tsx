import { Box, Button, Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useForm } from 'react-hook-form';
import { Messages, Timing, type CreateTeamData, type CreateTeamInput } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useUpdateTeamProfile } from '../api/update-team-profile';
import { FormError } from '../../../components/form-error';

/**
 * The team name's edit form (TeamNameEditor's editing state). A module of its own, loaded when
 * the form opens: react-hook-form is not in the chunks a signed-in first page loads (issue 25).
 */
export default function TeamNameForm({ teamId, name, onDone }: { teamId: number; name: string; onDone: () => void }) {
  const update = useUpdateTeamProfile();
  const { enqueueSnackbar } = useSnackbar();
  const [error, showError] = useTimedMessage(Timing.formErrorMs);
  const { control, handleSubmit, setError } = useForm<CreateTeamInput, unknown, CreateTeamData>({
    resolver: formResolver((s) => s.createTeamSchema),
    values: { name },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync({ teamId, name: values.name });
      enqueueSnackbar(res.message ?? Messages.teamNameUpdated, { variant: 'success' });
      onDone();
    } catch (err) {
      showError(applyServerErrors(err, setError, ['name']));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
      <FormError message={error} />
      <FormTextField control={control} name="name" label="Engagement Name" autoFocus autoComplete="off" />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Update
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Box>
  );
}
