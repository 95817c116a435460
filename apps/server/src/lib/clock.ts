/** Time units in milliseconds. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Current time as the ISO-8601 UTC string the database stores. */
export const nowIso = (): string => new Date().toISOString();

export const isoAfter = (ms: number, from: Date = new Date()): string => new Date(from.getTime() + ms).toISOString();
