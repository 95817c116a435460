import type { FastifyInstance } from 'fastify';
import {
  ApiPaths,
  Messages,
  Paging,
  inviteSchema,
  joinTeamSchema,
  pageQuery,
  rejectInvitationSchema,
} from '@rally/contract';
import { sessionOf } from '../../http/authenticate.js';
import { ok, paged } from '../../http/envelope.js';
import { parse, parseParams } from '../../http/validate.js';
import { teamIdParams } from '../teams/routes.js';
import type { InvitationsService } from './service.js';

export function invitationRoutes(app: FastifyInstance, { invitations }: { invitations: InvitationsService }): void {
  const auth = { preHandler: app.requireUser };

  app.post(
    `/user/team/:id/invite`,
    { ...auth, config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
    async (request) => {
      const { id } = parseParams(teamIdParams, request.params);
      const { emails } = parse(inviteSchema, request.body);
      return ok(await invitations.invite(sessionOf(request).user, id, emails), Messages.invitationsSent);
    },
  );

  app.get(`/${ApiPaths.pendingInvitations}`, auth, async (request) => {
    const { page, per_page = Paging.defaultPerPage } = parse(pageQuery, request.query);
    const { items, total } = await invitations.pending(sessionOf(request).user, page, per_page);
    return paged(items, page, per_page, total);
  });

  app.post(
    `/${ApiPaths.joinTeam}`,
    { ...auth, config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
    async (request) => {
      const { invitation_code } = parse(joinTeamSchema, request.body);
      const team = await invitations.join(sessionOf(request).user, invitation_code);
      return ok(team, Messages.acceptedInvitation(team.name));
    },
  );

  app.post(`/${ApiPaths.rejectInvitation}`, auth, async (request) => {
    const { invitation_code, reject_reason } = parse(rejectInvitationSchema, request.body);
    await invitations.reject(sessionOf(request).user, invitation_code, reject_reason);
    return ok(null);
  });
}
