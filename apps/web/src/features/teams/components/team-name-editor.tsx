import { Box, Button, Stack, Typography } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Messages, Timing, type CreateTeamData, type CreateTeamInput } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useUpdateTeamProfile } from '../api/update-team-profile';
import { FormError } from '../../../components/form-error';

/** The team name, read-only, or with an edit form for roles 2 and 3. */
export function TeamNameEditor({ teamId, name, editable }: { teamId: number; name: string; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateTeamProfile();
  const { enqueueSnackbar } = useSnackbar();
  const [error, showError] = useTimedMessage(Timing.formErrorMs);
  const { control, handleSubmit, setError, reset } = useForm<CreateTeamInput, unknown, CreateTeamData>({
    resolver: formResolver((s) => s.createTeamSchema),
    values: { name },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync({ teamId, name: values.name });
      enqueueSnackbar(res.message ?? Messages.teamNameUpdated, { variant: 'success' });
      setEditing(false);
    } catch (err) {
      showError(applyServerErrors(err, setError, ['name']));
    }
  });

  if (!editing)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
          {name}
        </Typography>
        {editable && (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit Name
          </Button>
        )}
      </Stack>
    );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
      <FormError message={error} />
      <FormTextField control={control} name="name" label="Engagement Name" autoFocus autoComplete="off" />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Update
        </Button>
        <Button
          onClick={() => {
            reset({ name });
            setEditing(false);
          }}
        >
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
