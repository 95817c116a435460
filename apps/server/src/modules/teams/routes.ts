import type { FastifyRequest } from 'fastify';
import { Messages, Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { validation } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { DAY, MINUTE, perUser } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import { parse } from '../../http/validate.js';
import type { TeamsService } from './service.js';

/** Reads a team profile form: multipart (name, avatar file) or JSON ({ name }). */
async function readTeamProfileForm(request: FastifyRequest): Promise<{ name?: string; avatar?: Buffer }> {
  const form = await readMultipart(request, { fileFields: ['avatar'] });
  if (!form) return parse(Routes.updateTeamProfile.form, request.body);
  const avatar = form.files[0]?.data;
  return { ...parse(Routes.updateTeamProfile.form, form.fields), ...(avatar ? { avatar } : {}) };
}

/** How many engagements one user may create (config: LIMIT_TEAMS_PER_MINUTE / _PER_DAY). */
export interface TeamCreationLimits {
  perMinute: number;
  perDay: number;
}

export function teamRoutes(api: Api, { teams, limits }: { teams: TeamsService; limits: TeamCreationLimits }): void {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.teams),
    handler: async (request) => ok(await teams.list(userId(request), request.query.team_id)),
  });

  api.route({
    // Far above what a coach needs; one trial account once made thousands in seconds.
    ...routeOf(api, Routes.createTeam, {
      preHandler: [
        perUser(api, 'create-team', limits.perMinute, MINUTE),
        perUser(api, 'create-team-day', limits.perDay, DAY),
      ],
    }),
    handler: async (request) => ok(await teams.create(userId(request), request.body.name), Messages.teamCreated),
  });

  api.route({
    ...routeOf(api, Routes.deleteTeam),
    handler: async (request) => {
      await teams.delete(userId(request), request.params.id);
      return ok(null, Messages.teamDeleted);
    },
  });

  api.route({
    ...routeOf(api, Routes.deletedTeams),
    handler: async (request) => ok(await teams.deleted(userId(request))),
  });

  api.route({
    ...routeOf(api, Routes.restoreTeam),
    handler: async (request) => ok(await teams.restore(userId(request), request.params.id), Messages.teamRestored),
  });

  api.route({
    ...routeOf(api, Routes.teamProfile),
    handler: async (request) => ok(await teams.profile(userId(request), request.params.id)),
  });

  api.route({
    ...routeOf(api, Routes.updateTeamProfile),
    handler: async (request) => {
      const { id } = request.params;
      // Who may edit is known before the body: nobody else gets a 5 MB upload read and buffered.
      await teams.requireProfileEditor(userId(request), id);
      const form = await readTeamProfileForm(request);
      if (form.name === undefined && !form.avatar) throw validation({ name: [Messages.nothingToUpdate] });
      const profile = await teams.updateProfile(userId(request), id, form);
      return ok(profile, form.avatar ? Messages.teamPictureUpdated : Messages.teamNameUpdated);
    },
  });

  api.route({ ...routeOf(api, Routes.levelsOfEngagement), handler: async () => ok([...teams.levels()]) });

  api.route({
    ...routeOf(api, Routes.teamLevelOfEngagement),
    handler: async (request) => ok(await teams.level(userId(request), request.params.id)),
  });

  api.route({
    ...routeOf(api, Routes.setTeamLevelOfEngagement),
    handler: async (request) =>
      ok(
        await teams.setLevel(userId(request), request.params.id, request.body.level_of_engagement_id),
        Messages.levelUpdated,
      ),
  });

  api.route({
    ...routeOf(api, Routes.readWelcomeMessage),
    handler: async (request) => {
      const { is_read } = request.body;
      await teams.readWelcomeMessage(userId(request), request.params.id, is_read);
      return ok({ read_welcome_message: is_read });
    },
  });
}
