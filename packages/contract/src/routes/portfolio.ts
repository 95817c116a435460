import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import { portfolioQuery, portfolioRowDto, portfolioSettingsDto, portfolioSettingsInput } from '../schemas/portfolio.js';

/** The coach's portfolio (issue 26): 403 for a caller who leads no team. */
export const portfolioRoutes = {
  portfolio: defineRoute({
    ...endpointPaths.portfolio,
    query: portfolioQuery,
    response: envelopeOf(z.array(portfolioRowDto)),
  }),
  portfolioSettings: defineRoute({ ...endpointPaths.portfolioSettings, response: envelopeOf(portfolioSettingsDto) }),
  updatePortfolioSettings: defineRoute({
    ...endpointPaths.updatePortfolioSettings,
    body: portfolioSettingsInput,
    response: envelopeOf(portfolioSettingsDto),
  }),
};
