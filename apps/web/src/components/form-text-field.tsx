import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

interface Props<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** The keyboard a phone shows (e.g. `numeric` for a one-time code). */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  helperText?: ReactNode;
}

/**
 * An outlined MUI text field bound to react-hook-form, showing the field's first error. It is
 * what MUI's TextField renders for a text input (label, input, helper text tied together by ids),
 * built from the parts: TextField also imports Select with its menu, popover and modal, which would
 * put them on the sign-in screens' critical path.
 */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  label,
  type,
  autoComplete,
  autoFocus,
  inputMode,
  helperText,
}: Props<T>) {
  const { field, fieldState } = useController({ name, control });
  const id = useId();
  const message = fieldState.error?.message ?? helperText;
  const helperTextId = message ? `${id}-helper-text` : undefined;
  return (
    <FormControl ref={field.ref} error={Boolean(fieldState.error)} disabled={field.disabled} fullWidth margin="normal">
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={field.name}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-describedby={helperTextId}
        inputProps={inputMode ? { inputMode } : undefined}
        fullWidth
      />
      {message && <FormHelperText id={helperTextId}>{message}</FormHelperText>}
    </FormControl>
  );
}
