import { DAY } from './clock.js';

// One formatter per zone: building one costs far more than using it. Zones reach here validated
// and canonicalised by the contract, so the map stays as small as the zone list.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of instant `t` (ms) in `timeZone`, read as if it were UTC (ms). */
function wallClock(t: number, timeZone: string): number {
  const n = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const p of formatterOf(timeZone).formatToParts(t))
    if (p.type in n) n[p.type as keyof typeof n] = Number(p.value);
  const d = new Date(0);
  d.setUTCFullYear(n.year, n.month - 1, n.day); // not Date.UTC, which reads years below 100 as 19xx
  return d.setUTCHours(n.hour % 24, n.minute, n.second, 0);
}

/**
 * The first instant of calendar day `day` (YYYY-MM-DD) in IANA `timeZone`: its local 00:00, DST
 * and all. Where midnight happens twice (clocks set back over it) the earlier; where it is skipped
 * (clocks set forward over it, e.g. America/Santiago) the moment the day begins.
 */
export function startOfZonedDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00.000Z`); // local 00:00 on the wall clock
  const offset = (t: number) => wallClock(t, timeZone) - t;
  // A day's midnight is within 14 hours of UTC's; the offsets a day before and after cover any change.
  const candidates = [...new Set([offset(midnight - DAY), offset(midnight + DAY)])].map((o) => midnight - o);
  const exact = candidates.filter((t) => wallClock(t, timeZone) === midnight);
  if (exact.length) return new Date(Math.min(...exact));
  // Skipped midnight: the wall clock jumps past it between the candidates; find the jump to the second.
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (hi - lo > 1000) {
    const mid = lo + Math.ceil((hi - lo) / 2000) * 1000; // strictly between lo and hi
    if (wallClock(mid, timeZone) >= midnight) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/**
 * The wall clock of `at` in IANA `timeZone` as a Date whose UTC fields read it (getUTCDay,
 * getUTCHours…); UTC when no zone is given or it is not one (RangeError).
 */
export function zonedWallClock(at: Date, timeZone: string | null): Date {
  try {
    return timeZone ? new Date(wallClock(at.getTime(), timeZone)) : at;
  } catch {
    return at;
  }
}

/** The calendar day (YYYY-MM-DD) instant `t` falls on in IANA `timeZone`. */
export const zonedDayOf = (t: Date, timeZone: string): string => zonedWallClock(t, timeZone).toISOString().slice(0, 10);
