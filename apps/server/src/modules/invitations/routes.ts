import { Messages, Paging, Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok, paged } from '../../http/envelope.js';
import { MINUTE, perIp } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import type { InvitationsService } from './service.js';

const twentyAMinute = perIp(20, MINUTE);

export function invitationRoutes(api: Api, { invitations }: { invitations: InvitationsService }): void {
  api.route({
    ...routeOf(api, Routes.teamInvite, twentyAMinute),
    handler: async (request) =>
      ok(
        await invitations.invite(principalOf(request), request.params.id, request.body.emails),
        Messages.invitationsSent,
      ),
  });

  api.route({
    ...routeOf(api, Routes.pendingInvitations),
    handler: async (request) => {
      const { page, per_page = Paging.defaultPerPage } = request.query;
      const { items, total } = await invitations.pending(principalOf(request), page, per_page);
      return paged(items, page, per_page, total);
    },
  });

  api.route({
    ...routeOf(api, Routes.joinTeam, twentyAMinute),
    handler: async (request) => {
      const team = await invitations.join(principalOf(request), request.body.invitation_code);
      return ok(team, Messages.acceptedInvitation(team.name));
    },
  });

  api.route({
    ...routeOf(api, Routes.rejectInvitation),
    handler: async (request) => {
      const { invitation_code, reject_reason } = request.body;
      await invitations.reject(principalOf(request), invitation_code, reject_reason);
      return ok(null);
    },
  });
}
