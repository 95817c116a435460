import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Messages,
  Timing,
  type EmailOnlyData,
  type EmailOnlyInput,
  type ResetPasswordData,
  type ResetPasswordInput,
  type VerifyResetTokenData,
  type VerifyResetTokenInput,
} from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { paths } from '../../../config/paths';
import { useForgotPassword, useResetPassword, useVerifyResetToken } from '../api/auth-calls';
import { AuthCard } from '../components/auth-card';
import { FormError } from '../../../components/form-error';
import { SubmitButton } from '../../../components/submit-button';
import { NewPasswordFields, OneTimeCodeField } from '../../../components/password-fields';

const PASSWORD_FIELDS = ['password', 'password_confirmation'] as const;

type Step = 'forgotPassword' | 'resetCode' | 'newPassword' | 'done';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/** Spec §4: forgotPassword, resetCode, newPassword, then done. */
export function ForgotPasswordRoute() {
  const [step, setStep] = useState<Step>('forgotPassword');
  const [email, setEmail] = useState('');
  const [token, setToken] = useState('');
  const [error, showError] = useTimedMessage(Timing.authErrorMs);
  const navigate = useNavigate();
  /** Moves on; a message of the step just passed does not follow the user. */
  const goTo = (next: Step) => {
    showError('');
    setStep(next);
  };

  const alert = <FormError message={error} />;
  const fail = (err: unknown) => showError(messageOf(err));

  switch (step) {
    case 'forgotPassword':
      return (
        <AuthCard title="Forgot your password?" subtitle="Enter your e-mail and we will send you a reset code.">
          {alert}
          <EmailStep
            onDone={(value) => {
              setEmail(value);
              goTo('resetCode');
            }}
            onError={fail}
          />
        </AuthCard>
      );
    case 'resetCode':
      return (
        <AuthCard
          title="Enter your reset code"
          subtitle={
            <>
              If an account exists for <strong>{email}</strong>, a reset code is on its way.
            </>
          }
        >
          {alert}
          <CodeStep
            email={email}
            onDone={(value) => {
              setToken(value);
              goTo('newPassword');
            }}
            onError={fail}
          />
        </AuthCard>
      );
    case 'newPassword':
      return (
        <AuthCard title="Choose a new password">
          {alert}
          <PasswordStep email={email} token={token} onDone={() => goTo('done')} onError={fail} />
        </AuthCard>
      );
    case 'done':
      return (
        <AuthCard title="Password reset">
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <CheckCircleOutline color="success" sx={{ fontSize: 56 }} />
            <Typography sx={{ my: 2 }}>{Messages.resetDone}</Typography>
            <Button variant="contained" size="large" fullWidth onClick={() => void navigate(paths.login)}>
              Continue to Login
            </Button>
          </Box>
        </AuthCard>
      );
  }
}

interface StepProps<T> {
  onDone: (value: T) => void;
  onError: (err: unknown) => void;
}

function BackToLogin() {
  return (
    <Box sx={{ textAlign: 'center', mt: 2 }}>
      <Link component={RouterLink} to={paths.login}>
        Back to login
      </Link>
    </Box>
  );
}

function EmailStep({ onDone, onError }: StepProps<string>) {
  const forgot = useForgotPassword();
  const { control, handleSubmit } = useForm<EmailOnlyInput, unknown, EmailOnlyData>({
    resolver: formResolver((s) => s.emailOnlySchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      onDone(values.email);
    } catch (err) {
      onError(err);
    }
  });
  // POST: a native submit before hydration (ADR 0011) keeps the fields out of the URL.
  return (
    <Box component="form" method="post" noValidate onSubmit={onSubmit}>
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
      <SubmitButton loading={forgot.isPending}>Send Code</SubmitButton>
      <BackToLogin />
    </Box>
  );
}

function CodeStep({ email, onDone, onError }: StepProps<string> & { email: string }) {
  const verify = useVerifyResetToken();
  const { control, handleSubmit } = useForm<VerifyResetTokenInput, unknown, VerifyResetTokenData>({
    resolver: formResolver((s) => s.verifyResetTokenSchema),
    defaultValues: { email, token: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      onDone(values.token);
    } catch (err) {
      onError(err);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <OneTimeCodeField control={control} name="token" label="Reset Code" />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} loading={verify.isPending}>
        Verify Code
      </Button>
      <BackToLogin />
    </Box>
  );
}

function PasswordStep({ email, token, onDone, onError }: StepProps<void> & { email: string; token: string }) {
  const reset = useResetPassword();
  const { control, handleSubmit, setError } = useForm<ResetPasswordInput, unknown, ResetPasswordData>({
    resolver: formResolver((s) => s.resetPasswordSchema),
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      onDone();
    } catch (err) {
      // A password the server refuses (too common) is shown on its field; anything else above.
      if (applyServerErrors(err, setError, PASSWORD_FIELDS)) onError(err);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <NewPasswordFields control={control} autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} loading={reset.isPending}>
        Reset Password
      </Button>
      <BackToLogin />
    </Box>
  );
}
