import { Box, Button, Grid, Stack, Typography } from '@mui/material';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import type { AboutMeInput, BioData, BioInput, OwnProfileDto, UserProfileDto } from '@rally/contract';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { errorMessage } from '../../../lib/error-message';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useGeocoderEnabled } from '../api/geocode';
import { useUpdateAboutMe, useUpdateBio } from '../api/profile';

/** Changing the e-mail: the password, then a code sent to the new address (decisions.md). */
const ChangeEmailDialog = lazyDialog(() => import('./change-email-dialog').then((m) => m.ChangeEmailDialog));

/** Address suggestions come with Autocomplete: loaded only when the server has a geocoder. */
const LocationAutocomplete = lazy(() =>
  import('./location-autocomplete').then((m) => ({ default: m.LocationAutocomplete })),
);

/** The searchable time-zone picker (Autocomplete): loaded when the hours form opens. */
const TimeZoneField = lazy(() => import('./time-zone-field').then((m) => ({ default: m.TimeZoneField })));

/**
 * The time-zone field while its picker loads: drawn with the pieces the other fields use (MUI's
 * TextField would bring its Select and Modal into the profile screen's own code).
 */
const timeZoneLoading = (
  <FormControl fullWidth disabled>
    <InputLabel htmlFor="time-zone-loading">Time Zone</InputLabel>
    <OutlinedInput id="time-zone-loading" label="Time Zone" value="" />
  </FormControl>
);

/** A section's title row, with Edit for the owner while it is read-only. */
function SectionHead({ title, onEdit }: { title: string; onEdit?: (() => void) | undefined }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {onEdit && (
        <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${title}`}>
          Edit
        </Button>
      )}
    </Stack>
  );
}

function Actions({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      <Button type="submit" variant="contained" loading={busy}>
        Update
      </Button>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value || '—'}</Typography>
    </Grid>
  );
}

/** About Me: read, or (owner) edit with update and cancel; at least 10 characters (spec §5). */
export function AboutMeSection({ user, editable }: { user: UserProfileDto; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const save = useUpdateAboutMe();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, setError } = useForm<AboutMeInput>({
    resolver: formResolver((s) => s.aboutMeSchema),
    defaultValues: { about_me: user.profile.about_me ?? '' },
  });
  const cancel = () => {
    reset({ about_me: user.profile.about_me ?? '' });
    setEditing(false);
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(values);
      enqueueSnackbar(res.message, { variant: 'success' });
      reset({ about_me: res.data.profile.about_me ?? '' });
      setEditing(false);
    } catch (err) {
      const rest = applyServerErrors(err, setError, ['about_me']);
      if (rest) enqueueSnackbar(rest, { variant: 'error' });
    }
  });
  return (
    <Box>
      <SectionHead title="About Me" onEdit={editable && !editing ? () => setEditing(true) : undefined} />
      {editing ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <MultilineField control={control} name="about_me" label="About Me" />
          <Actions onCancel={cancel} busy={save.isPending} />
        </Box>
      ) : (
        <Typography
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          color={user.profile.about_me ? undefined : 'text.secondary'}
        >
          {user.profile.about_me ?? (editable ? 'Tell your teammates about yourself.' : 'Nothing here yet.')}
        </Typography>
      )}
    </Box>
  );
}

function MultilineField({ control, name, label }: { control: Control<AboutMeInput>; name: 'about_me'; label: string }) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <FormControl fullWidth error={!!error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...field}
        id={id}
        label={label}
        multiline
        minRows={3}
        {...(error ? { inputProps: { 'aria-describedby': `${id}-help` } } : {})}
      />
      {error && <FormHelperText id={`${id}-help`}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** What the bio forms start from: the stored values, as the form's strings. */
function bioDefaults(user: OwnProfileDto): BioInput {
  const p = user.profile;
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: p.phone ?? '',
    location: p.location ?? '',
    geo_location: p.geo_location,
    about_skills: p.about_skills ?? '',
    working_hours_start: p.working_hours_start,
    working_hours_end: p.working_hours_end,
    personal_hours_start: p.personal_hours_start,
    personal_hours_end: p.personal_hours_end,
    timezone: p.timezone?.tzCode ?? '',
  };
}

type BioField = keyof BioInput;
const HOURS_FIELDS: BioField[] = [
  'working_hours_start',
  'working_hours_end',
  'personal_hours_start',
  'personal_hours_end',
  'timezone',
];

/**
 * A bio form (Basic Info or Availablity Hours): both post user/profile/bio with the names and
 * e-mail. The bio never changes the e-mail: a new one is sent as the current one, the rest saves,
 * and `onEmailChange` takes the new address on to its own dialog.
 */
function useBioForm(
  user: OwnProfileDto,
  fields: BioField[],
  onDone: () => void,
  onEmailChange?: (email: string) => void,
) {
  const save = useUpdateBio();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<BioInput, unknown, BioData>({
    resolver: formResolver((s) => s.bioSchema),
    defaultValues: bioDefaults(user),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const newEmail = values.email !== user.email ? values.email : undefined;
    const body: BioInput = { first_name: values.first_name, last_name: values.last_name, email: user.email };
    for (const f of fields) (body as Record<string, unknown>)[f] = values[f];
    try {
      const res = await save.mutateAsync(body);
      enqueueSnackbar(res.message, { variant: 'success' });
      form.reset(bioDefaults(res.data));
      onDone();
      if (newEmail) onEmailChange?.(newEmail);
    } catch (err) {
      const rest = applyServerErrors(err, form.setError, [...fields, 'first_name', 'last_name', 'email']);
      if (rest) enqueueSnackbar(rest || errorMessage(err), { variant: 'error' });
    }
  });
  const cancel = () => {
    form.reset(bioDefaults(user));
    onDone();
  };
  return { form, onSubmit, cancel, busy: save.isPending };
}

/** Basic Info: names, e-mail, phone, location, skills; a teammate sees neither e-mail nor phone. */
export function BasicInfoSection({ user, own }: { user: UserProfileDto; own: OwnProfileDto | null }) {
  const [editing, setEditing] = useState(false);
  /** A new address typed in the form, waiting for the password and the code. */
  const [newEmail, setNewEmail] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const p = user.profile;
  return (
    <Box>
      <SectionHead title="Basic Info" onEdit={own && !editing ? () => setEditing(true) : undefined} />
      {own && (
        <ChangeEmailDialog
          open={newEmail !== null}
          email={newEmail ?? ''}
          onClose={() => setNewEmail(null)}
          onChanged={(_user, message) => enqueueSnackbar(message, { variant: 'success' })}
        />
      )}
      {editing && own ? (
        <BasicInfoForm user={own} onDone={() => setEditing(false)} onEmailChange={setNewEmail} />
      ) : (
        <Grid container spacing={2}>
          <Field label="First Name" value={user.first_name} />
          <Field label="Last Name" value={user.last_name} />
          {own && <Field label="Email" value={user.email} />}
          {own && <Field label="Phone" value={p.phone} />}
          <Field label="Location" value={p.location} />
          <Field label="Skills" value={p.about_skills} />
        </Grid>
      )}
    </Box>
  );
}

function BasicInfoForm({
  user,
  onDone,
  onEmailChange,
}: {
  user: OwnProfileDto;
  onDone: () => void;
  onEmailChange: (email: string) => void;
}) {
  const { form, onSubmit, cancel, busy } = useBioForm(
    user,
    ['phone', 'location', 'geo_location', 'about_skills'],
    onDone,
    onEmailChange,
  );
  const { control } = form;
  const geocoder = useGeocoderEnabled();
  const plainLocation = (
    <FormTextField control={control} name="location" label="Location" autoComplete="address-level2" />
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="first_name" label="First Name" autoComplete="given-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="last_name" label="Last Name" autoComplete="family-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {/* With a geocoder (GEOCODER_URL) on the server, address suggestions; else plain text. */}
          {geocoder.data ? (
            <Suspense fallback={plainLocation}>
              <LocationAutocomplete control={control} />
            </Suspense>
          ) : (
            plainLocation
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="about_skills" label="Skills" />
        </Grid>
      </Grid>
      <Actions onCancel={cancel} busy={busy} />
    </Box>
  );
}

const hoursText = (start: string, end: string) => `${start} – ${end}`;

/** Availablity Hours (spec spelling): working and personal hours in the user's time zone. */
export function HoursSection({ user, own }: { user: UserProfileDto; own: OwnProfileDto | null }) {
  const [editing, setEditing] = useState(false);
  const p = user.profile;
  return (
    <Box>
      <SectionHead title="Availablity Hours" onEdit={own && !editing ? () => setEditing(true) : undefined} />
      {editing && own ? (
        <HoursForm user={own} onDone={() => setEditing(false)} />
      ) : (
        <Grid container spacing={2}>
          <Field label="Working Hours" value={hoursText(p.working_hours_start, p.working_hours_end)} />
          <Field label="Personal Hours" value={hoursText(p.personal_hours_start, p.personal_hours_end)} />
          <Field label="Time Zone" value={p.timezone?.label} />
        </Grid>
      )}
    </Box>
  );
}

function TimeField({ control, name, label }: { control: Control<BioInput>; name: BioField; label: string }) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <FormControl fullWidth error={!!error}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        {...field}
        value={field.value ?? ''}
        id={id}
        label={label}
        notched
        type="time"
        {...(error ? { inputProps: { 'aria-describedby': `${id}-help` } } : {})}
      />
      {error && <FormHelperText id={`${id}-help`}>{error}</FormHelperText>}
    </FormControl>
  );
}

function HoursForm({ user, onDone }: { user: OwnProfileDto; onDone: () => void }) {
  const { form, onSubmit, cancel, busy } = useBioForm(user, HOURS_FIELDS, onDone);
  const { control } = form;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6 }}>
          <TimeField control={control} name="working_hours_start" label="Working Hours Start" />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TimeField control={control} name="working_hours_end" label="Working Hours End" />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TimeField control={control} name="personal_hours_start" label="Personal Hours Start" />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TimeField control={control} name="personal_hours_end" label="Personal Hours End" />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Suspense fallback={timeZoneLoading}>
            <TimeZoneField control={control} />
          </Suspense>
        </Grid>
      </Grid>
      <Actions onCancel={cancel} busy={busy} />
    </Box>
  );
}
