import { CHECKIN_ANONYMITY_FLOOR, type PortfolioRowDto } from '@rally/contract';

/** The portfolio's columns, in the table's order; every one sorts. */
export const COLUMNS = [
  { key: 'team', label: 'Team' },
  { key: 'happiness', label: 'Happiness' },
  { key: 'participation', label: 'Participation' },
  { key: 'checkins', label: 'Check-in responses' },
  { key: 'tasks', label: 'Tasks' },
  { key: 'video', label: 'Video responses' },
  { key: 'slideshow', label: 'Slideshow responses' },
  { key: 'lastActivity', label: 'Last activity' },
  { key: 'activity', label: 'Activity' },
] as const;
export type ColumnKey = (typeof COLUMNS)[number]['key'];

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: ColumnKey;
  direction: SortDirection;
}

/** Posts, reactions, comments and answers in the sparkline's days. */
export const activityTotal = (row: PortfolioRowDto) => row.activity.reduce((sum, day) => sum + day.count, 0);

/** What a column sorts by; null (nothing to count) sorts last either way. */
function sortValue(row: PortfolioRowDto, key: ColumnKey): number | string | null {
  switch (key) {
    case 'team':
      return row.team.name.toLocaleLowerCase();
    case 'happiness':
      return row.happiness.meter;
    case 'participation':
      return row.participation;
    case 'checkins':
      return row.checkin_response_rate;
    case 'tasks':
      // Overdue weigh more than open: 1 overdue of 2 comes after 0 overdue of 9.
      return row.tasks.overdue * 1e6 + row.tasks.open;
    case 'video':
      return row.video_response_rate;
    case 'slideshow':
      return row.slideshow_response_rate;
    case 'lastActivity':
      return row.last_activity_at ? Date.parse(row.last_activity_at) : null;
    case 'activity':
      return activityTotal(row);
  }
}

/** The rows in the chosen order (a copy); ties keep the team names' order. */
export function sortRows(rows: readonly PortfolioRowDto[], { key, direction }: SortState): PortfolioRowDto[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: PortfolioRowDto, b: PortfolioRowDto) => a.team.name.localeCompare(b.team.name);
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    if (x === y) return byName(a, b);
    if (typeof x === 'string' && typeof y === 'string') return sign * x.localeCompare(y);
    return sign * (x < y ? -1 : 1);
  });
}

/** '+5', '−12' (a true minus sign), '0': points against the previous period. */
export const trendText = (trend: number) => (trend > 0 ? `+${trend}` : trend < 0 ? `\u2212${-trend}` : '0');

/** The trend read out: 'up 5 points on the previous period'. */
export function trendLabel(trend: number): string {
  if (trend === 0) return 'unchanged on the previous period';
  const points = Math.abs(trend);
  return `${trend > 0 ? 'up' : 'down'} ${points} ${points === 1 ? 'point' : 'points'} on the previous period`;
}

/** Why a team's happiness shows '—': under the anonymity floor (spec; `CHECKIN_ANONYMITY_FLOOR`). */
export const BELOW_FLOOR = `Fewer than ${CHECKIN_ANONYMITY_FLOOR} answers`;

/** Why a response rate shows '—': nothing of its kind was asked in the period. */
export const NOTHING_ASKED = {
  checkins: 'No check-in asked in this period',
  video: 'No team video asked in this period',
  slideshow: 'No slideshow asked in this period',
} as const;

export const percent = (value: number) => `${Math.round(value)}%`;
