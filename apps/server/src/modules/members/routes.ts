import { Messages, Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { MembersService } from './service.js';

export function memberRoutes(api: Api, { members }: { members: MembersService }): void {
  api.route({
    ...routeOf(api, Routes.teamMembers),
    handler: async (request) => ok(await members.list(principalOf(request).id, request.params.id)),
  });

  api.route({
    ...routeOf(api, Routes.changeUserRole),
    handler: async (request) => {
      const { user_id, role_id } = request.body;
      const member = await members.changeRole(principalOf(request).id, request.params.id, user_id, role_id);
      return ok(member, Messages.roleChanged(member.full_name));
    },
  });

  api.route({
    ...routeOf(api, Routes.removeMember),
    handler: async (request) => {
      await members.remove(principalOf(request).id, request.params.id, request.params.userId);
      return ok(null);
    },
  });
}
