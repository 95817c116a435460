import { useForm } from 'react-hook-form';
import { Timing, type CreateTeamData, type CreateTeamInput, type TeamDto } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useCreateTeam } from '../api/create-team';
import { FormError } from '../../../components/form-error';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (team: TeamDto) => void;
}

/** Create Engagement: a name; the server's error message shows for 2 seconds (spec §8). */
export function CreateTeamDialog({ open, onClose, onCreated }: Props) {
  const create = useCreateTeam();
  const [error, showError] = useTimedMessage(Timing.formErrorMs);
  const { control, handleSubmit, setError, reset } = useForm<CreateTeamInput, unknown, CreateTeamData>({
    resolver: formResolver((s) => s.createTeamSchema),
    defaultValues: { name: '' },
  });

  const close = () => {
    reset();
    showError('');
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const team = await create.mutateAsync(values);
      reset();
      onCreated(team);
    } catch (err) {
      showError(applyServerErrors(err, setError, ['name']));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Create Engagement"
      submitLabel="Create"
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={close}
    >
      <FormError message={error} />
      <FormTextField control={control} name="name" label="Engagement Name" autoFocus autoComplete="off" />
    </FormDialog>
  );
}
