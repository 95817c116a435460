import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Alert from '@mui/material/Alert';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ATTENTION_CAUSES,
  AttentionRuleLimits,
  PortfolioMessages,
  WEEKDAYS,
  type AttentionCause,
  type PortfolioSettingsDto,
  type PortfolioSettingsInput,
} from '@rally/contract';
import { useMemo, useState } from 'react';
import { useController, useForm, type Control, type FieldNamesMarkedBoolean } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormError } from '../../../components/form-error';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { usePortfolioSettings, useUpdatePortfolioSettings } from '../api/portfolio-settings';

/** The form holds every setting; only the changed ones are sent. */
type Values = Omit<PortfolioSettingsDto, 'timezone'>;
type Input = PortfolioSettingsInput;

/** Each rule as the coach reads it: its switch, what it looks at, its threshold's label and unit. */
const RULES: Record<AttentionCause, { title: string; hint: string; field: string; unit: string }> = {
  happiness_drop: {
    title: 'Happiness dropped',
    hint: 'The meter fell against the period just before.',
    field: 'Drop of at least',
    unit: 'points',
  },
  quiet: {
    title: 'Gone quiet',
    hint: 'No post and no check-in answer.',
    field: 'Quiet for at least',
    unit: 'days',
  },
  low_participation: {
    title: 'Low participation',
    hint: 'Few members posted, reacted, commented or checked in.',
    field: 'Participation under',
    unit: '%',
  },
  overdue_tasks: {
    title: 'Overdue tasks',
    hint: 'Open tasks past their due date.',
    field: 'Overdue tasks, at least',
    unit: 'tasks',
  },
};

const DIGEST_FIELDS = ['enabled', 'day', 'hour'] as const;
/** The fields a 422 may name (`rules.quiet`, `digest.hour`); any other goes to the form's message. */
const FIELDS = [
  ...ATTENTION_CAUSES.map((c) => `rules.${c}` as const),
  ...DIGEST_FIELDS.map((f) => `digest.${f}` as const),
] as const;

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The changed settings only: the PUT takes any part and keeps the rest. */
function changedParts(values: Input, dirty: Partial<FieldNamesMarkedBoolean<Input>>): Input {
  const body: Input = {};
  for (const cause of ATTENTION_CAUSES)
    if (dirty.rules?.[cause]) body.rules = { ...body.rules, [cause]: values.rules?.[cause] ?? null };
  for (const field of DIGEST_FIELDS)
    if (dirty.digest?.[field]) body.digest = { ...body.digest, [field]: values.digest?.[field] };
  return body;
}

/**
 * One attention rule: a switch (off is `null`) and its threshold within the contract's bounds. The
 * last threshold is kept while the rule is off, so switching it back on restores it.
 */
function RuleField({ control, cause }: { control: Control<Input>; cause: AttentionCause }) {
  const { field, fieldState } = useController({ control, name: `rules.${cause}` });
  const { min, max, default: fallback } = AttentionRuleLimits[cause];
  const rule = RULES[cause];
  const value = field.value;
  const on = value !== null && value !== undefined;
  const [kept, setKept] = useState<number>(on ? value : fallback);
  const shown = on ? value : kept;
  const error = fieldState.error?.message;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 220px' },
        gap: { xs: 1, sm: 2 },
        alignItems: 'start',
      }}
    >
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              onChange={(e) => field.onChange(e.target.checked ? kept : null)}
              onBlur={field.onBlur}
            />
          }
          label={rule.title}
          sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
        />
        {/* Under the rule's name: past the switch (58 px, less the label's -11 px margin). */}
        <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 0, sm: '47px' } }}>
          {rule.hint}
        </Typography>
      </Box>
      <TextField
        type="number"
        size="small"
        label={rule.field}
        name={field.name}
        inputRef={field.ref}
        value={Number.isNaN(shown) ? '' : shown}
        disabled={!on}
        onChange={(e) => {
          const typed = e.target.value === '' ? Number.NaN : Number(e.target.value);
          setKept(typed);
          field.onChange(typed);
        }}
        onBlur={field.onBlur}
        error={Boolean(error)}
        helperText={error ?? `From ${min} to ${max}`}
        slotProps={{
          htmlInput: { min, max, step: 1, inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">{rule.unit}</InputAdornment> },
        }}
      />
    </Box>
  );
}

/** A select bound to a digest field (day or hour). */
function DigestSelect({
  control,
  name,
  label,
  options,
  disabled,
}: {
  control: Control<Input>;
  name: 'digest.day' | 'digest.hour';
  label: string;
  options: { value: number; label: string }[];
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      select
      size="small"
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(Number(e.target.value))}
      onBlur={field.onBlur}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      sx={{ minWidth: 150 }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DigestFields({ control, timezone }: { control: Control<Input>; timezone: string | null }) {
  const { field, fieldState } = useController({ control, name: 'digest.enabled' });
  const error = fieldState.error?.message;
  const enabled = field.value === true;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
        label="Weekly digest e-mail"
        sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
      />
      {error && (
        <Typography color="error" variant="body2">
          {error}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <DigestSelect
          control={control}
          name="digest.day"
          label="Day"
          options={WEEKDAYS.map((day, i) => ({ value: i + 1, label: day }))}
          disabled={!enabled}
        />
        <DigestSelect
          control={control}
          name="digest.hour"
          label="Hour"
          options={HOURS.map((hour) => ({ value: hour, label: hourLabel(hour) }))}
          disabled={!enabled}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {timezone ? `Sent at that hour in your time zone, ${timezone}. ` : 'Sent at that hour in UTC. '}
        <Link component={RouterLink} to={paths.profile}>
          {timezone ? 'Change it in your Profile' : 'Set your time zone in your Profile'}
        </Link>
        .
      </Typography>
    </Box>
  );
}

function SettingsForm({ settings }: { settings: PortfolioSettingsDto }) {
  const save = useUpdatePortfolioSettings();
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState('');
  // The saved settings are the form's starting point: once saved, the form is clean again.
  const values = useMemo<Values>(() => ({ rules: settings.rules, digest: settings.digest }), [settings]);
  const { control, handleSubmit, setError, formState } = useForm<Input, unknown, Input>({
    resolver: formResolver((s) => s.portfolioSettingsInput),
    mode: 'onChange',
    values,
  });

  const onSubmit = handleSubmit(async (submitted) => {
    setFormError('');
    try {
      await save.mutateAsync(changedParts(submitted, formState.dirtyFields));
      enqueueSnackbar(PortfolioMessages.settingsSaved, { variant: 'success' });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Portfolio settings"
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormError message={formError} />
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {PortfolioMessages.needsAttention}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A team is flagged in your portfolio when any rule that is on applies to it.
        </Typography>
      </Box>
      {ATTENTION_CAUSES.map((cause) => (
        <RuleField key={cause} control={control} cause={cause} />
      ))}
      <Divider />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Weekly digest
      </Typography>
      <DigestFields control={control} timezone={settings.timezone} />
      <Box>
        <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={save.isPending}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

/** Settings' 'Portfolio' section (issue 26), for a user who leads a team. */
export function PortfolioSettings() {
  const settings = usePortfolioSettings();
  return (
    <Card>
      <CardHeader
        title={PortfolioMessages.title}
        slotProps={{ title: { component: 'h2', variant: 'h6', sx: { fontWeight: 700 } } }}
      />
      <CardContent>
        {settings.isPending ? (
          <Skeleton role="progressbar" variant="rounded" height={320} aria-label="Loading portfolio settings" />
        ) : settings.isError ? (
          <Alert severity="error">{errorMessage(settings.error)}</Alert>
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
