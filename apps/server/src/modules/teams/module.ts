import { defineModule } from '../../module.js';
import { TeamCardsCache } from './cards-cache.js';
import { registerTeamPurge, TeamPurge } from './purge-job.js';
import { TeamsRepository } from './repository.js';
import { teamRoutes } from './routes.js';
import { TeamsService } from './service.js';

declare module '../../module.js' {
  interface Services {
    teams: TeamsService;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's team cards (ADR 0018, 0026; tests clear them to stand for their TTL passing). */
    teamCards: TeamCardsCache;
    /** The job that erases engagements past their restore window (tests run it themselves). */
    teamPurge: TeamPurge;
  }
}

/** Teams (engagements): creation, profile, levels, the owner's delete, restore and purge (ADR 0019). */
export const teamsModule = defineModule({
  name: 'teams',
  setup({ app, services, db, config, queue, tail }) {
    const repo = new TeamsRepository(db.kysely, services.memberships);
    const { uploads, storage } = services.files;
    // Team cards kept per viewer until the tail hears an event that changes them (ADR 0018, 0026).
    const cards = new TeamCardsCache(tail, config.TEAM_CARDS_CACHE_MS);
    app.decorate('teamCards', cards);
    // Deleted engagements past their restore window, erased with their files (ADR 0019).
    const purge = new TeamPurge({ db: db.kysely, repo, uploads, storage, restoreDays: config.TEAM_RESTORE_DAYS });
    app.decorate('teamPurge', purge);
    registerTeamPurge(queue, purge, config.TEAM_PURGE_EVERY_MS);
    services.teams = new TeamsService({
      db: db.kysely,
      repo,
      cards,
      members: services.memberships,
      access: services.access,
      billing: services.billing,
      storage,
      uploads,
      restoreDays: config.TEAM_RESTORE_DAYS,
    });
  },
  routes: (api, { services, config }) =>
    teamRoutes(api, {
      teams: services.teams,
      limits: { perMinute: config.LIMIT_TEAMS_PER_MINUTE, perDay: config.LIMIT_TEAMS_PER_DAY },
    }),
  close: ({ app }) => app.teamCards.close(),
});
