/* A plain module (no zod): the web app checks the browser's zone with it on every page that sends `tz`. */

/**
 * True for an IANA time zone name this runtime knows: one of `Intl.supportedValuesOf('timeZone')`,
 * UTC, or an alias of a listed zone (browsers and Node ship different ICU versions, so one says
 * Asia/Kolkata where the other lists Asia/Calcutta; both must be accepted at both ends).
 */
export function isTimeZone(name: string): boolean {
  if (name === 'UTC') return true;
  const zones = Intl.supportedValuesOf('timeZone');
  if (zones.includes(name)) return true;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return /\//.test(name) && (canonical === 'UTC' || zones.includes(canonical));
  } catch {
    return false;
  }
}
