import type { FastifyInstance } from 'fastify';
import { ApiPaths, Messages, changePasswordSchema } from '@rally/contract';
import { sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { presentUser } from '../auth/presenter.js';
import type { AuthService } from '../auth/service.js';

export function profileRoutes(app: FastifyInstance, { auth }: { auth: AuthService }): void {
  app.get(`/${ApiPaths.profile}`, { preHandler: app.requireUser }, (request, reply) =>
    reply.send(ok(presentUser(sessionOf(request).user))),
  );

  app.post(
    `/${ApiPaths.changePassword}`,
    { preHandler: app.requireUser, config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
    async (request) => {
      await auth.changePassword(sessionOf(request), parse(changePasswordSchema, request.body));
      return ok(null, Messages.passwordChanged);
    },
  );
}
