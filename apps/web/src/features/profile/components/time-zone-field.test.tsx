import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { BioInput } from '@rally/contract';
import { TimeZoneField } from './time-zone-field';
import { cityOf, formatOffset, timeZoneChoice, timeZoneChoices, utcOffsetMinutes } from './time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('time zone choices', () => {
  it('name each zone by its UTC offset (summer time included) and city', () => {
    const byId = (at: Date) => new Map(timeZoneChoices('', at).map((c) => [c.id, c.label]));
    expect(byId(WINTER).get('Europe/Berlin')).toBe('(UTC+01:00) Berlin');
    expect(byId(SUMMER).get('Europe/Berlin')).toBe('(UTC+02:00) Berlin');
    // ICU versions differ in spelling (Asia/Kathmandu or Asia/Katmandu): whichever this one lists.
    const nepal = [...byId(WINTER)].find(([id]) => /^Asia\/Kath?mandu$/.test(id));
    expect(nepal?.[1]).toMatch(/^\(UTC\+05:45\) Kath?mandu$/);
    expect(timeZoneChoice('America/Argentina/Buenos_Aires', WINTER).label).toBe('(UTC-03:00) Buenos Aires');
    expect(timeZoneChoice('America/St_Johns', WINTER).label).toBe('(UTC-03:30) St Johns');
    expect(utcOffsetMinutes('UTC', WINTER)).toBe(0);
    expect(formatOffset(0)).toBe('+00:00');
    expect(cityOf('America/Indiana/Indianapolis')).toBe('Indianapolis');
  });

  it('list every zone of the browser once, west to east, and keep a stored alias it lists otherwise', () => {
    const choices = timeZoneChoices('', WINTER);
    expect(choices.map((c) => c.id)).toEqual(expect.arrayContaining(Intl.supportedValuesOf('timeZone')));
    expect(choices).toHaveLength(Intl.supportedValuesOf('timeZone').length);
    const offsets = choices.map((c) => c.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const alias = Intl.supportedValuesOf('timeZone').includes('Asia/Kolkata') ? 'Asia/Calcutta' : 'Asia/Kolkata';
    expect(timeZoneChoices(alias, WINTER).find((c) => c.id === alias)?.label).toBe(`(UTC+05:30) ${cityOf(alias)}`);
  });
});

/** The picker in a form of its own; the form's value is shown to assert what would be sent. */
function Harness({ timezone }: { timezone: string }) {
  const { control, watch } = useForm<BioInput>({ defaultValues: { timezone } });
  const value = watch('timezone');
  return (
    <>
      <TimeZoneField control={control} />
      <output aria-label="sent">{JSON.stringify(value)}</output>
    </>
  );
}

const offsetNow = (id: string) => formatOffset(utcOffsetMinutes(id, new Date()));

describe('the time zone picker', () => {
  it('shows the stored zone as offset and city, not its id', () => {
    render(<Harness timezone="Europe/Berlin" />);
    expect(screen.getByRole('combobox', { name: 'Time Zone' })).toHaveValue(
      `(UTC${offsetNow('Europe/Berlin')}) Berlin`,
    );
  });

  it('is searchable by city, and the form keeps the IANA name', async () => {
    const user = userEvent.setup();
    render(<Harness timezone="" />);
    const input = screen.getByRole('combobox', { name: 'Time Zone' });
    expect(input).toHaveValue('');
    await user.type(input, 'lisb');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent(`(UTC${offsetNow('Europe/Lisbon')}) Lisbon`);
    expect(options[0]).toHaveTextContent('Europe/Lisbon');
    await user.click(options[0]!);
    expect(input).toHaveValue(`(UTC${offsetNow('Europe/Lisbon')}) Lisbon`);
    expect(screen.getByLabelText('sent')).toHaveTextContent('"Europe/Lisbon"');
  });

  it('finds zones by region and by offset, and clearing it unsets the zone', async () => {
    const user = userEvent.setup();
    render(<Harness timezone="Asia/Tokyo" />);
    const input = screen.getByRole('combobox', { name: 'Time Zone' });
    await user.clear(input);
    await user.type(input, 'Australia/');
    const australian = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(australian.length).toBeGreaterThan(3);
    for (const o of australian) expect(o).toHaveTextContent(/^\(UTC[+-]\d\d:\d\d\) .+Australia\//);
    await user.clear(input);
    await user.type(input, 'UTC+05:45');
    expect(within(screen.getByRole('listbox')).getByRole('option')).toHaveTextContent(/Kath?mandu/);
    await user.clear(input);
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('sent')).toHaveTextContent('""');
  });
});
