import { ApiError } from './api-client';

/** The server's message for a failed call, else a generic one (decisions.md: failures get a short message). */
export const errorMessage = (err: unknown): string =>
  err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong. Please try again.';
