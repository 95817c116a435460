import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Timing, type RegisterData, type RegisterInput } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { paths } from '../../../config/paths';
import { useRegister } from '../api/auth-calls';
import { AuthCard } from '../components/auth-card';
import { keepRedirect } from '../components/keep-redirect';
import { FormError } from '../../../components/form-error';
import { SubmitButton } from '../../../components/submit-button';
import { NewPasswordFields } from '../../../components/password-fields';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation'] as const;

export function RegisterRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const [error, showError] = useTimedMessage(Timing.authErrorMs);
  const { control, handleSubmit, setError } = useForm<RegisterInput, unknown, RegisterData>({
    resolver: formResolver((s) => s.registerSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: params.get('email') ?? '',
      password: '',
      password_confirmation: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await register.mutateAsync(values);
      await navigate({ pathname: paths.verifyAccount, search: keepRedirect(params) });
    } catch (err) {
      // Spec §8: each message of the server's errors object is shown.
      showError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <AuthCard title="Join Rally" subtitle="Create your account to coach and engage your team.">
      {/* POST: a native submit before hydration (ADR 0011) keeps the fields out of the URL. */}
      <Box component="form" method="post" noValidate onSubmit={onSubmit}>
        <FormError message={error} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <FormTextField control={control} name="first_name" label="First Name" autoComplete="given-name" autoFocus />
          <FormTextField control={control} name="last_name" label="Last Name" autoComplete="family-name" />
        </Stack>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <NewPasswordFields control={control} label="Password" />
        <SubmitButton loading={register.isPending}>Sign Up</SubmitButton>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'center' }}>
          <span>Already have an account?</span>
          <Link component={RouterLink} to={{ pathname: paths.login, search: keepRedirect(params) }}>
            Sign in
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
