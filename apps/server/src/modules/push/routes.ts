import { Routes, ProfileMessages } from '@rally/contract';
import { principalOf, sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { PushService } from './service.js';

/** POST register-device-token, GET push/public-key, GET and POST user/team/:id/push. */
export function pushRoutes(api: Api, { push }: { push: PushService }): void {
  api.route({
    ...routeOf(api, Routes.registerDeviceToken),
    handler: async (request) => {
      await push.register(sessionOf(request), request.body);
      return ok(null, ProfileMessages.pushTurnedOn);
    },
  });
  api.route({
    ...routeOf(api, Routes.pushPublicKey),
    handler: async () => ok({ public_key: push.publicKey }),
  });
  api.route({
    ...routeOf(api, Routes.teamPush),
    handler: async (request) => ok(await push.teamPush(principalOf(request).id, request.params.id)),
  });
  api.route({
    ...routeOf(api, Routes.setTeamPush),
    handler: async (request) =>
      ok(await push.setTeamPush(principalOf(request).id, request.params.id, request.body.enabled)),
  });
}
