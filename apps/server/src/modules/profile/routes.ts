import { Messages, Routes } from '@rally/contract';
import { principalOf, sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { MINUTE, perIp } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import { presentUser } from '../auth/presenter.js';
import type { AuthService } from '../auth/service.js';

export function profileRoutes(api: Api, { auth }: { auth: AuthService }): void {
  api.route({
    ...routeOf(api, Routes.profile),
    handler: async (request) => ok(presentUser(principalOf(request))),
  });

  api.route({
    ...routeOf(api, Routes.changePassword, perIp(10, MINUTE)),
    handler: async (request) => {
      await auth.changePassword(sessionOf(request), request.body);
      return ok(null, Messages.passwordChanged);
    },
  });
}
