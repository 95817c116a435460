import { isTimeZone } from '@rally/contract';

let checked: { tz: string; ok: boolean } | undefined;

/**
 * The viewer's IANA time zone, sent as `tz` beside every `from_date`: the time filters count days
 * in the browser's calendar, so the server starts the period at local midnight there. Undefined
 * (the server then counts in UTC) when the browser names no zone the contract accepts.
 */
export function viewerTimeZone(): string | undefined {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Hooks ask on every render and checking lists the runtime's zones: remember the last answer.
  if (checked?.tz !== tz) checked = { tz, ok: Boolean(tz) && isTimeZone(tz) };
  return checked.ok ? tz : undefined;
}

/** A period's query: `from_date` and, with it, the viewer's `tz`; neither for All Time. */
export interface PeriodQuery {
  from_date: string | undefined;
  tz: string | undefined;
}

export const periodOf = (fromDate: string | undefined): PeriodQuery => ({
  from_date: fromDate,
  tz: fromDate ? viewerTimeZone() : undefined,
});
