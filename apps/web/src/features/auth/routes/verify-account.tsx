import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { Timing, type VerifyAccountData, type VerifyAccountInput } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { paths } from '../../../config/paths';
import { useResendCode, useVerifyAccount } from '../api/auth-calls';
import { AuthCard } from '../components/auth-card';
import { keepRedirect } from '../components/keep-redirect';
import { formatCountdown, useCountdown } from '../components/resend-countdown';
import { FormError } from '../../../components/form-error';
import { OneTimeCodeField } from '../../../components/password-fields';

export function VerifyAccountRoute() {
  const [pending, setPending] = useState(sessionStore.pending);
  if (!pending) return <Navigate to={paths.login} replace />;
  return (
    <VerifyAccountForm
      email={pending.email}
      sentAt={pending.sentAt}
      onResent={() => setPending(sessionStore.pending())}
    />
  );
}

function VerifyAccountForm({ email, sentAt, onResent }: { email: string; sentAt: number; onResent: () => void }) {
  const verify = useVerifyAccount();
  const resend = useResendCode();
  const remaining = useCountdown(sentAt);
  const [params] = useSearchParams();
  const [error, showError] = useTimedMessage(Timing.authErrorMs);
  const [notice, showNotice] = useTimedMessage(Timing.authErrorMs);
  const { control, handleSubmit } = useForm<VerifyAccountInput, unknown, VerifyAccountData>({
    resolver: formResolver((s) => s.verifyAccountSchema),
    defaultValues: { email, verification_code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      // Signed in now: the guest-only guard sends the user on.
    } catch (err) {
      showError(
        err instanceof ApiError ? err.firstFor('verification_code') : 'Something went wrong. Please try again.',
      );
    }
  });

  const onResend = async () => {
    try {
      const res = await resend.mutateAsync({ email });
      onResent();
      showNotice(res.message ?? 'A new code is on its way.');
    } catch (err) {
      showError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <AuthCard
      title="Verify your account"
      subtitle={
        <>
          We sent a verification code to <strong>{email}</strong>.
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormError message={error} />
        {notice && (
          <Alert severity="success" sx={{ mb: 1 }}>
            {notice}
          </Alert>
        )}
        <OneTimeCodeField control={control} name="verification_code" label="Verification Code" />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} loading={verify.isPending}>
          Verify
        </Button>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'center' }}>
          <Link component={RouterLink} to={{ pathname: paths.login, search: keepRedirect(params) }}>
            Back to login
          </Link>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" aria-label="Resend countdown" aria-live="polite">
              {formatCountdown(remaining)}
            </Typography>
            <Button size="small" disabled={remaining > 0 || resend.isPending} onClick={() => void onResend()}>
              Resend Code
            </Button>
          </Stack>
        </Stack>
      </Box>
    </AuthCard>
  );
}
