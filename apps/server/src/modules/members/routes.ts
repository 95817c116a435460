import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages, changeRoleSchema, idParam } from '@rally/contract';
import { z } from 'zod';
import { sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { parse, parseParams } from '../../http/validate.js';
import { teamIdParams } from '../teams/routes.js';
import type { MembersService } from './service.js';

const memberParams = z.object({ id: idParam, userId: idParam });

export function memberRoutes(app: FastifyInstance, { members }: { members: MembersService }): void {
  const auth = { preHandler: app.requireUser };
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;

  app.get(`/user/team/:id/members`, auth, async (request) =>
    ok(await members.list(userId(request), parseParams(teamIdParams, request.params).id)),
  );

  app.post(`/user/team/:id/change-user-role`, auth, async (request) => {
    const { id } = parseParams(teamIdParams, request.params);
    const input = parse(changeRoleSchema, request.body);
    const member = await members.changeRole(userId(request), id, input.user_id, input.role_id);
    return ok(member, Messages.roleChanged(member.full_name));
  });

  app.delete(`/user/team/:id/member/:userId`, auth, async (request) => {
    const params = parseParams(memberParams, request.params);
    await members.remove(userId(request), params.id, params.userId);
    return ok(null);
  });
}
