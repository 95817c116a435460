/**
 * Query keys of the check-in feature; a team's check-in answers invalidate `team(teamId)`. A
 * period's keys hold its time zone too: the same `from_date` starts elsewhere in another zone.
 */
export const checkinKeys = {
  all: ['checkins'] as const,
  team: (teamId: number) => ['checkins', teamId] as const,
  status: (teamId: number) => ['checkins', teamId, 'status'] as const,
  one: (teamId: number, checkinId: number) => ['checkins', teamId, 'one', checkinId] as const,
  metrics: (teamId: number, fromDate: string | undefined, tz: string | undefined) =>
    ['checkins', teamId, 'metrics', fromDate ?? 'all', tz ?? 'UTC'] as const,
  detail: (teamId: number, fromDate: string | undefined, tz: string | undefined) =>
    ['checkins', teamId, 'detail', fromDate ?? 'all', tz ?? 'UTC'] as const,
  teamStats: (teamId: number, fromDate: string | undefined, tz: string | undefined) =>
    ['checkins', teamId, 'team-stats', fromDate ?? 'all', tz ?? 'UTC'] as const,
};
