/**
 * Quiet hours: a user's pushes go out within their working or personal hours (profile, 'HH:MM'
 * in their IANA time zone); outside both they are held. No profile, or a field not set: the
 * default 08:00–17:00, in UTC when no time zone is known.
 */
export interface Hours {
  timezone: string | null;
  working_hours_start: string | null;
  working_hours_end: string | null;
  personal_hours_start: string | null;
  personal_hours_end: string | null;
}

export const DEFAULT_START = '08:00';
export const DEFAULT_END = '17:00';

const HHMM = /^(\d{1,2}):(\d{2})/;

function minutesOf(value: string | null, fallback: string): number {
  const m = HHMM.exec(value ?? '') ?? HHMM.exec(fallback)!;
  return Math.min(23, Number(m[1])) * 60 + Math.min(59, Number(m[2]));
}

/** Minutes since midnight at `now` in `timezone` (UTC when unknown or invalid). */
export function localMinutes(now: Date, timezone: string | null): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone || 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return now.getUTCHours() * 60 + now.getUTCMinutes();
  }
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/** In [start, end); a window whose end is before its start runs past midnight; start = end: never. */
function inWindow(at: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? at >= start && at < end : at >= start || at < end;
}

/** Whether a push may go out now. */
export function withinHours(now: Date, hours: Hours | undefined): boolean {
  const h = hours ?? {
    timezone: null,
    working_hours_start: null,
    working_hours_end: null,
    personal_hours_start: null,
    personal_hours_end: null,
  };
  const at = localMinutes(now, h.timezone);
  return (
    inWindow(at, minutesOf(h.working_hours_start, DEFAULT_START), minutesOf(h.working_hours_end, DEFAULT_END)) ||
    inWindow(at, minutesOf(h.personal_hours_start, DEFAULT_START), minutesOf(h.personal_hours_end, DEFAULT_END))
  );
}
