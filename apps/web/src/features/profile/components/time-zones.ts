/** A time zone as the picker shows it: "(UTC+01:00) Berlin", searchable by city, region or id. */
export interface TimeZoneChoice {
  /** The IANA name, what the API stores. */
  id: string;
  /** "(UTC+01:00) Berlin". */
  label: string;
  /** "Europe/Berlin" with spaces: the region, and the id to tell two cities of one name apart. */
  region: string;
  /** Minutes east of UTC at the moment the list was made (summer time included). */
  offset: number;
}

/** The zone's UTC offset in minutes at `at`, from Intl's "GMT+05:30" (plain "GMT" is zero). */
export function utcOffsetMinutes(id: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** "+01:00", "-03:30", "+00:00". */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The city of an IANA name: its last part, "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export const cityOf = (id: string) => (id.split('/').at(-1) ?? id).replaceAll('_', ' ');

export function timeZoneChoice(id: string, at: Date): TimeZoneChoice {
  let offset = 0;
  try {
    offset = utcOffsetMinutes(id, at);
  } catch {
    // A name this browser does not know (a stored alias from another ICU): shown at +00:00.
  }
  return { id, label: `(UTC${formatOffset(offset)}) ${cityOf(id)}`, region: id.replaceAll('_', ' '), offset };
}

/**
 * Every zone of this browser (`Intl.supportedValuesOf`), plus `current` when the browser lists it
 * under another name, west to east and by city within one offset.
 */
export function timeZoneChoices(current: string, at: Date = new Date()): TimeZoneChoice[] {
  const ids = Intl.supportedValuesOf('timeZone');
  const all = current && !ids.includes(current) ? [current, ...ids] : ids;
  return all.map((id) => timeZoneChoice(id, at)).sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label));
}
