import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { BioInput, GeocodeResultDto } from '@rally/contract';
import { GEOCODE_MIN_LENGTH, geocodeQuery } from '../api/geocode';

/** Wait this long after the last key before looking up (the server limits lookups per user). */
const DEBOUNCE_MS = 350;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The location with address suggestions from the server's geocoder (loaded only when one is
 * configured). Picking a suggestion stores its label and `geo_location`; typing anything else
 * keeps the text and drops the coordinates, which would no longer match it.
 */
export function LocationAutocomplete({ control }: { control: Control<BioInput> }) {
  const location = useController({ control, name: 'location' });
  const geo = useController({ control, name: 'geo_location' });
  const text = location.field.value ?? '';
  // The stored location is not looked up when the form opens: only what the user types.
  const [typed, setTyped] = useState(false);
  const q = useDebounced(typed ? text.trim() : '', DEBOUNCE_MS);
  const matches = useQuery(geocodeQuery(q));
  const error = location.fieldState.error?.message;

  return (
    <Autocomplete<GeocodeResultDto, false, false, true>
      freeSolo
      filterOptions={(x) => x}
      options={q.length >= GEOCODE_MIN_LENGTH ? (matches.data ?? []) : []}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      getOptionKey={(o) => (typeof o === 'string' ? o : `${o.lat},${o.lng},${o.label}`)}
      loading={matches.isFetching}
      inputValue={text}
      onInputChange={(_e, value, reason) => {
        if (reason === 'reset' && value === text) return;
        location.field.onChange(value);
        if (reason === 'input' || reason === 'clear') {
          setTyped(true);
          geo.field.onChange(null);
        }
      }}
      value={null}
      onChange={(_e, picked) => {
        if (picked && typeof picked !== 'string') {
          location.field.onChange(picked.label);
          geo.field.onChange({ lat: picked.lat, lng: picked.lng });
        }
      }}
      noOptionsText={matches.isError ? matches.error.message : 'No matching places'}
      renderInput={(params) => (
        <TextField
          {...params}
          name={location.field.name}
          inputRef={location.field.ref}
          onBlur={location.field.onBlur}
          label="Location"
          margin="normal"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
