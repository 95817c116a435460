import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { BioInput } from '@rally/contract';
import { timeZoneChoices, type TimeZoneChoice } from './time-zones';

/** Typing "berlin", "europe", "+01" or "utc+1" finds the zone: the label and the id are searched. */
const filterOptions = createFilterOptions<TimeZoneChoice>({
  stringify: (o) => `${o.label} ${o.region} ${o.label.replace(':00)', ')').replace(/([+-])0/, '$1')}`,
});

/** The time zone as "(UTC+01:00) Berlin", searchable; the form keeps the IANA name (spec §3). */
export function TimeZoneField({ control }: { control: Control<BioInput> }) {
  const { field, fieldState } = useController({ control, name: 'timezone' });
  const id = typeof field.value === 'string' ? field.value : (field.value?.tzCode ?? '');
  const choices = useMemo(() => timeZoneChoices(id), [id]);
  const value = choices.find((c) => c.id === id) ?? null;
  const error = fieldState.error?.message;

  return (
    <Autocomplete<TimeZoneChoice>
      options={choices}
      value={value}
      onChange={(_e, picked) => field.onChange(picked?.id ?? '')}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.id}
      filterOptions={filterOptions}
      autoHighlight
      noOptionsText="No matching time zone"
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          <span>
            {o.label}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {o.region}
            </Typography>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label="Time Zone"
          placeholder="Not set"
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
