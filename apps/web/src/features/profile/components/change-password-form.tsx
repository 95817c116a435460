import { Box, Button } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useForm } from 'react-hook-form';
import { Messages, Timing, type ChangePasswordData, type ChangePasswordInput } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useChangePassword } from '../api/profile';
import { FormError } from '../../../components/form-error';
import { NewPasswordFields } from '../../../components/password-fields';

/** The fields the form shows; a server error on another one (email) goes to the form's message. */
const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;

/** The owner's Change Password tab; submit stays disabled while the form is invalid (spec §5). */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const { enqueueSnackbar } = useSnackbar();
  const [error, showError] = useTimedMessage(Timing.authErrorMs);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    ChangePasswordInput,
    unknown,
    ChangePasswordData
  >({
    resolver: formResolver((s) => s.changePasswordSchema),
    mode: 'onChange',
    defaultValues: { old_password: '', password: '', password_confirmation: '', email },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      enqueueSnackbar(Messages.passwordChanged, { variant: 'success' });
      reset();
    } catch (err) {
      const rest = applyServerErrors(err, setError, FIELDS);
      showError(rest ? `${Messages.passwordUpdateFailed} ${rest}` : Messages.passwordUpdateFailed);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
      <FormError message={error} />
      <FormTextField
        control={control}
        name="old_password"
        label="Old Password"
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields control={control} />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!formState.isValid} loading={change.isPending}>
        Update Password
      </Button>
    </Box>
  );
}
