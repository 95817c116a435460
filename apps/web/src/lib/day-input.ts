import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** How the app writes a day (spec §9), and so how a day is typed. */
export const DAY_INPUT_FORMAT = 'DD/MM/YYYY';

/** What was typed, kept to digits with the slashes of DD/MM/YYYY put in ('0112' → '01/12'). */
export function maskDay(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** A typed DD/MM/YYYY as the API's YYYY-MM-DD, or null when it is not a real day (31/02/2026). */
export function dayFromInput(text: string): string | null {
  const day = dayjs(text, DAY_INPUT_FORMAT, true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

/** The API's YYYY-MM-DD as DD/MM/YYYY for the field ('' for none). */
export const dayToInput = (ymd: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? dayjs(ymd).format(DAY_INPUT_FORMAT) : ymd;
