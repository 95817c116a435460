import { Messages } from '@rally/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { notFound, validation, type AppError } from './errors.js';

/**
 * A failed parse as the envelope's 422: the spec's messages per field. An issue with no field
 * (input that is not an object at all, or a rule on the whole object) becomes the top-level
 * message: the generic one for a wrong type, since zod's own English is not a message of ours.
 */
function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const errors: Record<string, string[]> = {};
  let message: string | undefined;
  for (const issue of issues) {
    if (issue.path.length === 0) message ??= issue.code === 'invalid_type' ? Messages.validationFailed : issue.message;
    else (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  return validation(errors, message);
}

/** Parses input with a contract schema (a missing body reads as `{}`); failures are a 422. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}

/**
 * Fastify's validator for the contract's schemas. Path parameters that cannot exist name nothing,
 * so they are a 404; a bad body or query is a 422 with per-field messages. An Error returned here
 * reaches the error handler as it is, so the envelope is the same as everywhere else.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: httpPart === 'params' ? notFound() : validationError(result.error.issues) };
  };
