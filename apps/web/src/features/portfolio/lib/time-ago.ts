/*
 * The portfolio's times, with the browser's Intl rather than lib/dates (dayjs): that module sits
 * in the timeline's chunk, and importing it made this page download the whole of that chunk
 * (20 KB) for two words (scripts/check-bundle-size.mjs).
 */

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Up to which age each unit is used, as the app's dayjs `fromNow` rounds (lib/dates). */
const UNITS = [
  ['minute', 45 * MINUTE, MINUTE],
  ['hour', 22 * HOUR, HOUR],
  ['day', 26 * DAY, DAY],
  ['month', 320 * DAY, 30 * DAY],
  ['year', Infinity, 365 * DAY],
] as const;

/** '9 days ago', 'yesterday', '3 hours ago', 'just now' (under 45 seconds). */
export function timeAgo(at: string, now: number = Date.now()): string {
  const diff = Date.parse(at) - now;
  if (Math.abs(diff) < 45_000) return 'just now';
  const [unit, , size] = UNITS.find(([, upTo]) => Math.abs(diff) < upTo)!;
  return relative.format(Math.round(diff / size) || Math.sign(diff), unit);
}

const exact = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '28/11/2026, 17:05', the app's DD/MM/YYYY order, in the viewer's time zone. */
export const exactTime = (at: string): string => exact.format(new Date(at));
