import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useEffectEvent, useId, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useHydrated } from '../lib/use-hydrated';

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
 *
 * On a prerendered screen (ADR 0011) the field is on the page before the app has started: the
 * browser focuses an `autoFocus` field as the HTML loads, so the HTML draws it focused (MUI only
 * learns of the focus once hydrated), and what was typed or autofilled before hydration is taken
 * into the form.
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
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const adoptTyped = useEffectEvent(() => {
    const typed = inputRef.current?.value;
    if (typed && typed !== field.value) field.onChange(typed);
  });
  useEffect(() => adoptTyped(), []);
  return (
    <FormControl
      ref={field.ref}
      error={Boolean(fieldState.error)}
      disabled={field.disabled}
      focused={autoFocus && !hydrated ? true : undefined}
      fullWidth
      margin="normal"
    >
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
        inputRef={inputRef}
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
