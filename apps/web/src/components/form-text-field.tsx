import { TextField, type TextFieldProps } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues> = { name: Path<T>; control: Control<T> } & Omit<TextFieldProps, 'name'>;

/** A MUI text field bound to react-hook-form, showing the field's first error. */
export function FormTextField<T extends FieldValues>({ name, control, helperText, ...props }: Props<T>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...props}
      {...field}
      value={field.value ?? ''}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      margin="normal"
    />
  );
}
