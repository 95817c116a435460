import { describe, expect, it } from 'vitest';
import { startOfZonedDay } from './zoned-day.js';

describe('startOfZonedDay', () => {
  it.each([
    ['2026-03-11', 'UTC', '2026-03-11T00:00:00.000Z'],
    ['2026-03-11', 'Pacific/Auckland', '2026-03-10T11:00:00.000Z'], // NZDT, UTC+13
    ['2026-04-06', 'Pacific/Auckland', '2026-04-05T12:00:00.000Z'], // NZST after the 5th
    ['2026-03-11', 'Asia/Kolkata', '2026-03-10T18:30:00.000Z'],
    ['2026-03-08', 'America/Los_Angeles', '2026-03-08T08:00:00.000Z'], // the day clocks go forward
    ['2026-03-09', 'America/Los_Angeles', '2026-03-09T07:00:00.000Z'],
    ['2026-11-01', 'America/Los_Angeles', '2026-11-01T07:00:00.000Z'], // the day clocks go back
    ['2026-11-02', 'America/Los_Angeles', '2026-11-02T08:00:00.000Z'],
    ['2026-10-04', 'Australia/Lord_Howe', '2026-10-03T13:30:00.000Z'], // half-hour DST
  ])('%s in %s begins at %s', (day, tz, expected) => {
    expect(startOfZonedDay(day, tz).toISOString()).toBe(expected);
  });

  it('where clocks skip midnight, the day begins when it jumps (01:00 local)', () => {
    // Chile goes to summer time at 00:00 on 2026-09-06: 00:00 CLT never happens.
    expect(startOfZonedDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});
