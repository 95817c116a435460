import type { Migration } from 'kysely';
import * as accounts from './2026112301-accounts.js';

/** Every migration, in order. Static imports keep the built server self-contained. */
export const migrations: Record<string, Migration> = {
  '2026112301-accounts': accounts,
};
