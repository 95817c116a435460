import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords, as zxcvbn-ts ranks them from leaked password lists (about 49 000,
 * lower case; see docs/dependencies.md). The set is built on first use: only sign-up, reset and
 * change ask.
 */
let common: ReadonlySet<string> | undefined;

/** Whether a new password is one of the most common ones (compared in lower case, as listed). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
