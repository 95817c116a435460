import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  Timing,
  type EmailOnlyData,
  type EmailOnlyInput,
  type LoginCodeData,
  type LoginCodeInput,
  SecurityMessages,
} from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { paths, safeRedirect } from '../../../config/paths';
import { useLoginWithCode, useRequestLoginCode } from '../api/auth-calls';
import { AuthCard } from '../components/auth-card';
import { keepRedirect } from '../components/keep-redirect';
import { FormError } from '../../../components/form-error';
import { SubmitButton } from '../../../components/submit-button';
import { OneTimeCodeField } from '../../../components/password-fields';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/**
 * Sign in with a code mailed to the account (ADR 0021): the owner's way in while password
 * sign-in is guarded after failures from elsewhere, and for anyone who would rather not type a
 * password. Two steps: the e-mail, then the 6-digit code.
 */
export function LoginCodeRoute() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState<string | undefined>();
  const [error, showError] = useTimedMessage(Timing.authErrorMs);

  const backToLogin = (
    <Box sx={{ textAlign: 'center', mt: 2 }}>
      <Link component={RouterLink} to={{ pathname: paths.login, search: keepRedirect(params) }}>
        Back to login
      </Link>
    </Box>
  );

  if (email === undefined)
    return (
      <AuthCard title="Sign in with a code" subtitle="Enter your e-mail and we will send you a 6-digit sign-in code.">
        <FormError message={error} />
        <EmailStep
          initial={params.get('email') ?? ''}
          onDone={(value) => {
            showError('');
            setEmail(value);
          }}
          onError={(err) => showError(messageOf(err))}
        />
        {backToLogin}
      </AuthCard>
    );

  return (
    <AuthCard title="Enter your sign-in code" subtitle={<>{SecurityMessages.loginCodeSent}</>}>
      <FormError message={error} />
      <CodeStep email={email} onError={(err) => showError(messageOf(err))} />
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Button variant="text" onClick={() => setEmail(undefined)}>
          Send a new code
        </Button>
      </Box>
      {backToLogin}
    </AuthCard>
  );
}

function EmailStep({
  initial,
  onDone,
  onError,
}: {
  initial: string;
  onDone: (email: string) => void;
  onError: (err: unknown) => void;
}) {
  const request = useRequestLoginCode();
  const { control, handleSubmit } = useForm<EmailOnlyInput, unknown, EmailOnlyData>({
    resolver: formResolver((s) => s.emailOnlySchema),
    defaultValues: { email: initial },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      onDone(values.email);
    } catch (err) {
      onError(err);
    }
  });
  // POST: a native submit before hydration (ADR 0011) keeps the fields out of the URL.
  return (
    <Box component="form" method="post" noValidate onSubmit={onSubmit}>
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
      <SubmitButton loading={request.isPending}>Email Me a Code</SubmitButton>
    </Box>
  );
}

function CodeStep({ email, onError }: { email: string; onError: (err: unknown) => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useLoginWithCode();
  const { control, handleSubmit } = useForm<LoginCodeInput, unknown, LoginCodeData>({
    resolver: formResolver((s) => s.loginCodeSchema),
    defaultValues: { email, code: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      onError(err);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <OneTimeCodeField control={control} name="code" label="Sign-in Code" />
      <SubmitButton loading={signIn.isPending}>Sign In</SubmitButton>
    </Box>
  );
}
