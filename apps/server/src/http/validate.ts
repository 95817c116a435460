import { Messages } from '@rally/contract';
import type { z } from 'zod';
import { notFound, validation } from './errors.js';

/**
 * Parses input with a contract schema; failures become a 422 with the spec's messages per field.
 * An issue with no field (input that is not an object at all, or a rule on the whole object)
 * becomes the top-level message: the generic one for a wrong type, since zod's own English is not
 * a message of ours.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  let message: string | undefined;
  for (const issue of result.error.issues) {
    if (issue.path.length === 0) message ??= issue.code === 'invalid_type' ? Messages.validationFailed : issue.message;
    else (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  throw validation(errors, message);
}

/** Path parameters: an id that cannot exist names nothing, so it is a 404, not a 422. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params ?? {});
  if (!result.success) throw notFound();
  return result.data;
}
