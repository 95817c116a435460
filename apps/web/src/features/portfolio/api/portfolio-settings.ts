import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type PortfolioSettingsInput } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { portfolioKeys } from './keys';

/** GET user/portfolio/settings: the attention rules, the weekly digest and the profile's time zone. */
export const portfolioSettingsQuery = () =>
  queryOptions({
    queryKey: portfolioKeys.settings(),
    queryFn: async ({ signal }) => (await call(Endpoints.portfolioSettings, { signal })).data,
  });

export const usePortfolioSettings = (enabled = true) => useQuery({ ...portfolioSettingsQuery(), enabled });

/**
 * PUT user/portfolio/settings with the parts changed; it answers the whole settings, which replace
 * the cached ones. The rules decide which teams are flagged, so the portfolio's rows are read again.
 */
export function useUpdatePortfolioSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PortfolioSettingsInput) => (await call(Endpoints.updatePortfolioSettings, { body })).data,
    onSuccess: (settings) => {
      client.setQueryData(portfolioKeys.settings(), settings);
      return client.invalidateQueries({ queryKey: portfolioKeys.allRows() });
    },
  });
}
