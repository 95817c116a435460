import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

interface Props<T extends FieldValues, TOut extends FieldValues> {
  name: Path<T>;
  control: Control<T, unknown, TOut>;
  label: string;
  /** The limit the counter shows (`length / max`, spec §5). */
  max: number;
  placeholder?: string;
  minRows?: number;
  /** A fixed height in rows (the topic's textarea has 4, spec §5); otherwise it grows from `minRows`. */
  rows?: number;
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * A multi-line text field bound to react-hook-form, with its first error and a `length / limit`
 * counter that turns red past the limit. Nothing typed is cut off: a text too long stays as it is,
 * so the writer can shorten it.
 */
export function CountedTextField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  max,
  placeholder,
  minRows = 3,
  rows,
  autoFocus,
  disabled,
}: Props<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  const id = useId();
  const value = typeof field.value === 'string' ? field.value : '';
  const length = value.trim().length;
  const message = fieldState.error?.message;
  const messageId = message ? `${id}-message` : undefined;
  return (
    <FormControl error={Boolean(fieldState.error)} fullWidth disabled={disabled || field.disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        inputRef={field.ref}
        name={field.name}
        label={label}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        placeholder={placeholder}
        autoFocus={autoFocus}
        multiline
        {...(rows ? { rows } : { minRows, maxRows: 10 })}
        aria-describedby={messageId}
        fullWidth
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, mx: 1.75, mt: 0.5 }}>
        <FormHelperText id={messageId} sx={{ m: 0 }}>
          {message}
        </FormHelperText>
        <FormHelperText
          component="span"
          error={length > max}
          data-testid="character-count"
          sx={{ m: 0, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
        >
          {length} / {max}
        </FormHelperText>
      </Stack>
    </FormControl>
  );
}
