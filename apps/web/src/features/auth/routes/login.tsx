import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Timing, type LoginData, type LoginInput } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { paths, safeRedirect } from '../../../config/paths';
import { useLogin } from '../api/auth-calls';
import { AuthCard } from '../components/auth-card';
import { keepRedirect } from '../components/keep-redirect';
import { FormError } from '../../../components/form-error';
import { SubmitButton } from '../../../components/submit-button';

export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [error, showError] = useTimedMessage(Timing.authErrorMs);
  const { control, handleSubmit } = useForm<LoginInput, unknown, LoginData>({
    resolver: formResolver((s) => s.loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        // Spec §4: an unverified account goes to the verify screen with its e-mail stored. The
        // server has just mailed it a code (or did within the countdown), so the Resend countdown
        // starts now, as after sign-up.
        sessionStore.setPending(values.email);
        await navigate({ pathname: paths.verifyAccount, search: keepRedirect(params) });
        return;
      }
      showError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  });

  return (
    <AuthCard title="Sign in to Rally" subtitle="Welcome back! Sign in to keep your team engaged.">
      {/* POST: a native submit before hydration (ADR 0011) keeps the fields out of the URL. */}
      <Box component="form" method="post" noValidate onSubmit={onSubmit}>
        <FormError message={error} />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Box sx={{ textAlign: 'right', mt: 0.5 }}>
          <Link component={RouterLink} to={paths.forgotPassword}>
            Forgot password?
          </Link>
        </Box>
        <SubmitButton loading={login.isPending}>Sign In</SubmitButton>
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          {/* ADR 0021: the way in while the password is guarded (the server's message says so). */}
          <Link component={RouterLink} to={{ pathname: paths.loginCode, search: keepRedirect(params) }}>
            Email me a sign-in code
          </Link>
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'center' }}>
          <span>New to Rally?</span>
          <Link component={RouterLink} to={{ pathname: paths.register, search: params.toString() }}>
            Create an account
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
