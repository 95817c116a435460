import { DialogContentText } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Messages, Timing, type JoinTeamData, type JoinTeamInput, type TeamDto } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useJoinTeam } from '../api/join-team';
import { FormError } from '../../../components/form-error';

interface Props {
  open: boolean;
  onClose: () => void;
  onJoined: (team: TeamDto) => void;
  /** A code carried by the invitation e-mail's link, filled in for the user. */
  initialCode?: string;
}

/** The message of a failed join: the server's, which is 'The code you provided was invalid' for a bad code. */
function joinError(err: unknown): string {
  if (!(err instanceof ApiError)) return Messages.joinCodeInvalid;
  return err.errors.invitation_code?.[0] ?? (err.status === 422 ? Messages.joinCodeInvalid : err.message);
}

/** Join Engagement with the code from an invitation e-mail; failures show for 2 seconds (spec §8). */
export function JoinTeamDialog({ open, onClose, onJoined, initialCode = '' }: Props) {
  const join = useJoinTeam();
  const [error, showError] = useTimedMessage(Timing.formErrorMs);
  const { control, handleSubmit, reset } = useForm<JoinTeamInput, unknown, JoinTeamData>({
    resolver: formResolver((s) => s.joinTeamSchema),
    defaultValues: { invitation_code: initialCode },
  });

  const close = () => {
    reset({ invitation_code: '' });
    showError('');
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const team = await join.mutateAsync(values);
      reset({ invitation_code: '' });
      onJoined(team);
    } catch (err) {
      showError(joinError(err));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Join Engagement"
      submitLabel="Join"
      pending={join.isPending}
      onSubmit={onSubmit}
      onClose={close}
    >
      <DialogContentText>Enter the join code from your invitation e-mail.</DialogContentText>
      <FormError message={error} placement="bottom" />
      <FormTextField control={control} name="invitation_code" label="Join Code" autoFocus autoComplete="off" />
    </FormDialog>
  );
}
