import { defineModule } from '../../module.js';
import { registerPortfolioJobs } from './jobs.js';
import { PortfolioRepository } from './repository.js';
import { portfolioRoutes } from './routes.js';
import { PortfolioService } from './service.js';

declare module '../../module.js' {
  interface Services {
    portfolio: PortfolioService;
  }
}

/** The coach's portfolio read model, its attention nudges and weekly digest (ADR 0036, 0037). */
export const portfolioModule = defineModule({
  name: 'portfolio',
  setup({ services, db, config, queue }) {
    const repo = new PortfolioRepository(db.kysely);
    const portfolio = new PortfolioService({ db: db.kysely, repo, urlOf: services.uploads.urlOf });
    services.portfolio = portfolio;
    registerPortfolioJobs(
      queue,
      {
        db: db.kysely,
        mailer: services.mailer,
        publicUrl: config.PUBLIC_URL,
        readRows: (userId) => portfolio.recentRows(userId),
        readDigestSettings: (userIds) => repo.digestSettings(userIds),
      },
      config.PORTFOLIO_JOBS_EVERY_MS,
    );
  },
  routes: (api, { services }) => portfolioRoutes(api, { portfolio: services.portfolio }),
});
