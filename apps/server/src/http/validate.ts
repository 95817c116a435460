import type { z } from 'zod';
import { validation } from './errors.js';

/** Parses input with a contract schema; failures become a 422 with the spec's messages per field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  throw validation(errors);
}
