import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts each field message of a 422 on its form field; returns the message left for the form. */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  let placed = false;
  for (const field of fields) {
    const message = err.errors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed ? '' : err.message;
}
