import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './form-text-field';

type WithPasswords = FieldValues & { password: string; password_confirmation: string };

/** The new password and its confirmation, as every password form asks for them. */
export function NewPasswordFields<T extends WithPasswords>({
  control,
  label = 'New Password',
  autoFocus = false,
}: {
  control: Control<T>;
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as Path<T>}
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <FormTextField
        control={control}
        name={'password_confirmation' as Path<T>}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** A one-time code field: numeric keyboard on phones, filled from SMS/mail where the OS offers it. */
export function OneTimeCodeField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      autoComplete="one-time-code"
      inputMode="numeric"
      autoFocus
    />
  );
}
