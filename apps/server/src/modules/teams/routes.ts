import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiPaths,
  Messages,
  createTeamSchema,
  idParam,
  levelOfEngagementSchema,
  readWelcomeSchema,
  teamProfileSchema,
  teamsQuerySchema,
} from '@rally/contract';
import { z } from 'zod';
import { sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { AppError, badRequest, validation } from '../../http/errors.js';
import { parse, parseParams } from '../../http/validate.js';
import type { TeamsService } from './service.js';

export const teamIdParams = z.object({ id: idParam });

/** Reads a team profile form: multipart (name, avatar file) or JSON ({ name }). */
async function readTeamProfileForm(request: FastifyRequest): Promise<{ name?: string; avatar?: Buffer }> {
  if (!request.isMultipart()) return parse(teamProfileSchema, request.body);
  const fields: Record<string, string> = {};
  let avatar: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'avatar') throw badRequest(`Unexpected file field ${part.fieldname}.`);
        avatar = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // busboy reports a broken form (no boundary, truncated body) as a plain Error.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw badRequest(Messages.malformedMultipart, 'malformed_multipart');
  }
  return { ...parse(teamProfileSchema, fields), ...(avatar ? { avatar } : {}) };
}

export function teamRoutes(app: FastifyInstance, { teams }: { teams: TeamsService }): void {
  const auth = { preHandler: app.requireUser };
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;
  const teamId = (request: FastifyRequest) => parseParams(teamIdParams, request.params).id;

  app.get(`/${ApiPaths.teams}`, auth, async (request) => {
    const { team_id } = parse(teamsQuerySchema, request.query);
    return ok(await teams.list(userId(request), team_id));
  });

  app.post(`/${ApiPaths.createTeam}`, auth, async (request, reply) => {
    const { name } = parse(createTeamSchema, request.body);
    return reply.status(201).send(ok(await teams.create(userId(request), name), Messages.teamCreated));
  });

  app.delete(`/user/team/:id`, auth, async (request) => {
    await teams.delete(userId(request), teamId(request));
    return ok(null, Messages.teamDeleted);
  });

  app.get(`/user/team/:id/profile`, auth, async (request) => ok(await teams.profile(userId(request), teamId(request))));

  app.post(`/user/team/:id/profile`, auth, async (request) => {
    const id = teamId(request);
    // Who may edit is known before the body: nobody else gets a 5 MB upload read and buffered.
    await teams.requireProfileEditor(userId(request), id);
    const form = await readTeamProfileForm(request);
    if (form.name === undefined && !form.avatar) throw validation({ name: [Messages.nothingToUpdate] });
    const profile = await teams.updateProfile(userId(request), id, form);
    return ok(profile, form.avatar ? Messages.teamPictureUpdated : Messages.teamNameUpdated);
  });

  app.get(`/${ApiPaths.levelsOfEngagement}`, auth, async () => ok(teams.levels()));

  app.get(`/user/team/:id/level-of-engagement`, auth, async (request) =>
    ok(await teams.level(userId(request), teamId(request))),
  );

  app.post(`/user/team/:id/level-of-engagement`, auth, async (request) => {
    const { level_of_engagement_id } = parse(levelOfEngagementSchema, request.body);
    return ok(await teams.setLevel(userId(request), teamId(request), level_of_engagement_id), Messages.levelUpdated);
  });

  app.post(`/user/team/:id/read-welcome-message`, auth, async (request) => {
    const { is_read } = parse(readWelcomeSchema, request.body);
    await teams.readWelcomeMessage(userId(request), teamId(request), is_read);
    return ok({ read_welcome_message: is_read });
  });
}
