import { z } from 'zod';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';

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

/**
 * The one rule on control characters of every text a request carries (issue 20: a NUL byte was a
 * 500 on PostgreSQL, which cannot store it). Two kinds of text:
 * - `line` (names, codes, ids, e-mails, search words): every C0 control character and DEL refused;
 * - `lines` (posts, comments, descriptions, about-me): tab, line feed and carriage return allowed,
 *   every other C0 character and DEL refused.
 * NUL is refused by both. Passwords are the one exception: hashed, never stored as text, and a
 * stricter rule could lock someone out of an existing password.
 */
export type TextKind = 'line' | 'lines';

const CONTROL: Record<TextKind, RegExp> = {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  line: /[\u0000-\u001F\u007F]/,
  // eslint-disable-next-line no-control-regex -- tab, line feed and carriage return are left out
  lines: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/,
};

export const noControlChars = (v: string, kind: TextKind = 'lines') => !CONTROL[kind].test(v);

/** The check itself, one instance per kind: `contract` tests find it on every text field of every route. */
export const controlCharCheck: Record<TextKind, z.core.$ZodCheck<string>> = {
  line: z.refine((v: string) => noControlChars(v, 'line'), Messages.controlCharacters),
  lines: z.refine((v: string) => noControlChars(v, 'lines'), Messages.controlCharacters),
};

/**
 * Where every text field of a request starts: a string (with `error` when it is missing or not a
 * string), trimmed, under the control-character rule of its kind. Chain the field's own rules on.
 */
export const textField = (kind: TextKind, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .check(controlCharCheck[kind]);

/** A required, trimmed, lower-cased, valid e-mail address. */
export const emailField = textField('line', Messages.emailRequired)
  .toLowerCase()
  .min(1, Messages.emailRequired)
  .max(Limits.emailMax, Messages.tooLong)
  .pipe(z.email(Messages.emailInvalid));
