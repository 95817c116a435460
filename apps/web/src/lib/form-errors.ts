import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the first message of each 422 field error on its form field; returns the message left for
 * the form: the messages of fields the form does not show, else the server's message when no
 * field error was placed, else ''.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  const shown = new Set<string>(fields);
  const leftOver: string[] = [];
  let placed = false;
  for (const [field, messages] of Object.entries(err.errors)) {
    const message = messages?.[0];
    if (!message) continue;
    if (shown.has(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    } else if (!leftOver.includes(message)) leftOver.push(message);
  }
  if (leftOver.length) return leftOver.join(' ');
  return placed ? '' : err.message;
}
