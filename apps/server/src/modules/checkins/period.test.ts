import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import type { TeamAccess } from '../members/team-access.js';
import type { CheckinsRepository, Period } from './repository.js';
import { CheckinsService } from './service.js';

/** The service over a repository that records the periods it is asked about, at a fixed clock. */
function serviceAt(now: string) {
  const periods: Period[] = [];
  const totals = { answers: 4, people: 4, mean: 50, checkins: 1 };
  const repo = {
    answerTotals: (_team: number, p: Period) => (periods.push(p), Promise.resolve(totals)),
    moodCounts: () => Promise.resolve(new Map<number, number>()),
    initiatedCount: () => Promise.resolve(1),
    userMoods: () => Promise.resolve([]),
    teamStats: (_team: number, p: Period) => (periods.push(p), Promise.resolve({})),
  } as unknown as CheckinsRepository;
  const access = { require: () => Promise.resolve() } as unknown as TeamAccess;
  const service = new CheckinsService({
    db: {} as Kysely<Database>,
    repo,
    access,
    urlOf: () => null,
    now: () => new Date(now),
  });
  return { service, periods };
}

describe('the statistics’ period and the trend’s previous one', () => {
  it('start at local midnight in tz, the previous period of the same length ending there', async () => {
    // 18:00 on 2026-03-11 in Auckland (NZDT, UTC+13): "Today" began at 11:00 UTC on the 10th.
    const { service, periods } = serviceAt('2026-03-11T05:00:00.000Z');
    await service.metrics(1, 2, { from_date: '2026-03-11', tz: 'Pacific/Auckland' });
    expect(periods).toEqual(
      expect.arrayContaining([
        { from: '2026-03-10T11:00:00.000Z' },
        { from: '2026-03-09T17:00:00.000Z', to: '2026-03-10T11:00:00.000Z' }, // 18 hours before
      ]),
    );
  });

  it('a period over a DST change is measured in real hours', async () => {
    // Berlin went to summer time on 2026-03-29: from local midnight of the 28th (23:00 UTC on the
    // 27th) to 12:00 UTC on the 29th is 37 hours, not 36.
    const { service, periods } = serviceAt('2026-03-29T12:00:00.000Z');
    await service.metrics(1, 2, { from_date: '2026-03-28', tz: 'Europe/Berlin' });
    expect(periods).toEqual(
      expect.arrayContaining([
        { from: '2026-03-27T23:00:00.000Z' },
        { from: '2026-03-26T10:00:00.000Z', to: '2026-03-27T23:00:00.000Z' },
      ]),
    );
  });

  it('without tz start at 00:00 UTC, as before; All Time has no start', async () => {
    const { service, periods } = serviceAt('2026-03-11T05:00:00.000Z');
    await service.metrics(1, 2, { from_date: '2026-03-11' });
    expect(periods).toEqual(
      expect.arrayContaining([
        { from: '2026-03-11T00:00:00.000Z' },
        { from: '2026-03-10T19:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
      ]),
    );
    await service.teamStats(1, 2, { from_date: '2026-03-11', tz: 'America/Los_Angeles' });
    await service.teamStats(1, 2, {});
    expect(periods.slice(-2)).toEqual([{ from: '2026-03-11T07:00:00.000Z' }, { from: null }]);
  });
});
