import { Alert, Button, DialogContentText } from '@mui/material';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ProfileMessages,
  type ConfirmEmailChangeData,
  type ConfirmEmailChangeInput,
  type EmailChangeData,
  type EmailChangeInput,
  type UserDto,
} from '@rally/contract';
import { FormDialog } from '../../../components/form-dialog';
import { FormError } from '../../../components/form-error';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/profile';

interface Props {
  open: boolean;
  /** The address the user typed in the profile form. */
  email: string;
  onClose: () => void;
  onChanged: (user: UserDto, message: string) => void;
}

/**
 * Changing the account's e-mail (decisions.md): first the current password, which sends a code to
 * the new address; then that code, which makes the change. Until then the e-mail stays as it is.
 */
export function ChangeEmailDialog({ open, email, onClose, onChanged }: Props) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [error, setErrorMessage] = useState('');
  const [notice, setNotice] = useState('');
  // Kept for "Send a new code", which asks again with the same password.
  const password = useRef('');
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const passwordForm = useForm<EmailChangeInput, unknown, EmailChangeData>({
    resolver: formResolver((s) => s.emailChangeSchema),
    defaultValues: { email, current_password: '' },
  });
  const codeForm = useForm<ConfirmEmailChangeInput, unknown, ConfirmEmailChangeData>({
    resolver: formResolver((s) => s.confirmEmailChangeSchema),
    defaultValues: { verification_code: '' },
  });

  const close = () => {
    password.current = '';
    passwordForm.reset({ email, current_password: '' });
    codeForm.reset({ verification_code: '' });
    setStep('password');
    setErrorMessage('');
    setNotice('');
    onClose();
  };

  const sendCode = async (values: EmailChangeData, again = false) => {
    setErrorMessage('');
    setNotice('');
    try {
      const res = await request.mutateAsync({ ...values, email });
      password.current = values.current_password;
      if (again) setNotice(res.message ?? ProfileMessages.emailCodeSent);
      setStep('code');
    } catch (err) {
      setStep('password');
      setErrorMessage(applyServerErrors(err, passwordForm.setError, ['current_password']));
    }
  };

  const onSubmitPassword = passwordForm.handleSubmit((values) => sendCode(values));
  const onSubmitCode = codeForm.handleSubmit(async (values) => {
    setErrorMessage('');
    try {
      const res = await confirm.mutateAsync(values);
      onChanged(res.data, res.message ?? ProfileMessages.emailChanged);
      close();
    } catch (err) {
      setErrorMessage(applyServerErrors(err, codeForm.setError, ['verification_code']));
    }
  });
  const resend = () => {
    codeForm.reset({ verification_code: '' });
    void sendCode({ email, current_password: password.current }, true);
  };

  const onPassword = step === 'password';
  // One dialog for both steps, so moving on swaps its content, not the dialog.
  return (
    <FormDialog
      open={open}
      title={ProfileMessages.changeEmailTitle}
      submitLabel={onPassword ? ProfileMessages.sendCode : ProfileMessages.confirmCode}
      pending={onPassword ? request.isPending : confirm.isPending}
      onSubmit={onPassword ? onSubmitPassword : onSubmitCode}
      onClose={close}
    >
      {onPassword ? (
        <>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {ProfileMessages.changeEmailPasswordStep(email)}
          </DialogContentText>
          <FormError message={error} />
          <FormTextField
            key="current_password"
            control={passwordForm.control}
            name="current_password"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            autoFocus
          />
        </>
      ) : (
        <>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {ProfileMessages.changeEmailCodeStep(email)}
          </DialogContentText>
          {notice && (
            <Alert severity="success" role="status" sx={{ mb: 1 }}>
              {notice}
            </Alert>
          )}
          <FormError message={error} />
          <FormTextField
            key="verification_code"
            control={codeForm.control}
            name="verification_code"
            label="Verification Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
          />
          <Button size="small" onClick={resend} loading={request.isPending} sx={{ mt: 1 }}>
            {ProfileMessages.resendCode}
          </Button>
        </>
      )}
    </FormDialog>
  );
}
