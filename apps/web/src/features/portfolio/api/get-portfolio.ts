import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { periodOf, type PeriodQuery } from '../../../lib/time-zone';
import { portfolioKeys } from './keys';

/** GET user/portfolio?from_date&tz: one row per team the caller leads (403 for one who leads none). */
export const getPortfolio = async (period: PeriodQuery, signal?: AbortSignal) =>
  (await call(Endpoints.portfolio, { query: period, signal })).data;

export const portfolioQuery = (fromDate: string | undefined) => {
  const period = periodOf(fromDate);
  return queryOptions({
    queryKey: portfolioKeys.rows(period.from_date, period.tz),
    queryFn: ({ signal }) => getPortfolio(period, signal),
  });
};

/** The rows of the chosen period; the last period's stay on screen while the next loads. */
export const usePortfolio = (fromDate: string | undefined) =>
  useQuery({ ...portfolioQuery(fromDate), placeholderData: keepPreviousData });
