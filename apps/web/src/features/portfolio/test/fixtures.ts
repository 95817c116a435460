import { http } from 'msw';
import {
  PortfolioMessages,
  Routes,
  attentionSentence,
  type AttentionFacts,
  type PortfolioRowDto,
  type PortfolioSettingsDto,
} from '@rally/contract';
import { apiError, apiOk, apiUrl, server } from '../../../test/server';

/** `days` days of activity ending today, each day `count` (or the counts given). */
export function activityOf(days: number, count: number | number[] = 1): PortfolioRowDto['activity'] {
  const today = Date.UTC(2026, 10, 28);
  return Array.from({ length: days }, (_, i) => ({
    date: new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    count: Array.isArray(count) ? (count[i] ?? 0) : count,
  }));
}

/** A team's row, healthy unless told otherwise; `reasons` flag it, with their sentence. */
export function buildRow(
  overrides: Partial<Omit<PortfolioRowDto, 'attention'>> & {
    id?: number;
    name?: string;
    reasons?: AttentionFacts[];
  } = {},
): PortfolioRowDto {
  const { id = 1, name = `Team ${id}`, reasons = [], ...rest } = overrides;
  return {
    team: { id, name, avatar: null },
    members_count: 6,
    happiness: { meter: 72, trend: 3 },
    participation: 80,
    checkin_response_rate: 75,
    tasks: { open: 4, overdue: 0 },
    video_response_rate: 50,
    slideshow_response_rate: null,
    last_activity_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    activity: activityOf(30, 2),
    attention: {
      flagged: reasons.length > 0,
      reasons: reasons.map((r) => ({ ...r, text: '' })),
      summary: attentionSentence(reasons),
    },
    ...rest,
  };
}

/** Three teams: one gone quiet and sad, one under the anonymity floor, one well. */
export const threeTeams = (): PortfolioRowDto[] => [
  buildRow({ id: 1, name: 'Rowing', happiness: { meter: 81, trend: 5 }, participation: 90 }),
  buildRow({
    id: 2,
    name: 'Chess',
    happiness: { meter: 58, trend: -12 },
    participation: 20,
    tasks: { open: 3, overdue: 2 },
    last_activity_at: new Date(Date.now() - 9 * 86_400_000).toISOString(),
    activity: activityOf(30, [...Array<number>(20).fill(3), ...Array<number>(10).fill(0)]),
    reasons: [
      { cause: 'happiness_drop', value: 12, threshold: 10, from: 70, to: 58 },
      { cause: 'quiet', value: 9, threshold: 7 },
    ],
  }),
  buildRow({ id: 3, name: 'Archery', happiness: { meter: null, trend: null }, participation: 50 }),
];

export const defaultSettings = (): PortfolioSettingsDto => ({
  rules: { happiness_drop: 10, quiet: 7, low_participation: 40, overdue_tasks: 1 },
  digest: { enabled: true, day: 1, hour: 8 },
  timezone: 'Europe/Paris',
});

/** The fake API answers GET user/portfolio with `rows`, and records each request's query. */
export function servePortfolio(rows: PortfolioRowDto[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl(Routes.portfolio), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return apiOk(rows);
    }),
  );
  return queries;
}

/** The server's answer to someone who leads no team. */
export const serveNotALead = () =>
  server.use(http.get(apiUrl(Routes.portfolio), () => apiError(403, PortfolioMessages.notALead)));
