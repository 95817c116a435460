/**
 * Query keys of the portfolio (issue 26). A period's key holds its time zone too, as the check-in
 * statistics' do: the same `from_date` starts elsewhere in another zone.
 */
export const portfolioKeys = {
  all: ['portfolio'] as const,
  /** Every period's rows. */
  allRows: () => ['portfolio', 'rows'] as const,
  rows: (fromDate: string | undefined, tz: string | undefined) =>
    ['portfolio', 'rows', fromDate ?? 'all', tz ?? 'UTC'] as const,
  settings: () => ['portfolio', 'settings'] as const,
};
