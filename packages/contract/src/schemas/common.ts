import { z } from 'zod';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';

/** A required, trimmed, lower-cased, valid e-mail address. */
export const emailField = z
  .string({ error: Messages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, Messages.emailRequired)
  .max(Limits.emailMax, Messages.tooLong)
  .pipe(z.email(Messages.emailInvalid));

/** A required password of at least the spec's minimum length. */
export const passwordField = z
  .string({ error: Messages.passwordRequired })
  // abort: an empty field gets only "required", not the length rule's message too.
  .min(1, { error: Messages.passwordRequired, abort: true })
  .min(Limits.passwordMin, Messages.passwordMin)
  .max(Limits.passwordMax, Messages.tooLong);

/** Query-string page number, from 1. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).optional(),
});

/** A calendar day written YYYY-MM-DD that exists (not 2026-02-30, not 2026-13-01). */
export const isCalendarDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** Ids are 32-bit integers in the database; anything larger cannot exist. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.coerce.number().int().positive().max(MAX_ID);

/** Control characters (NUL and friends) are never valid in text we store (PostgreSQL rejects NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const noControlChars = (v: string) => !CONTROL.test(v);
