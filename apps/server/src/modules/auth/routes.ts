import { Limits, Messages, Routes } from '@rally/contract';
import { sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { DAY, MINUTE, limiter, perIp } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import { presentAuthUser, presentUser } from './presenter.js';
import type { AuthService } from './service.js';

/**
 * The account a body names (its e-mail, normalised as the schemas do), for per-account limits.
 * Undefined when it names none that could exist: such a body fails validation and touches no
 * account, so only the per-IP limit applies. (Keying those on '' would make one bucket for all of
 * them, and keying on an over-long string would let a client store megabyte-sized keys.)
 */
function accountOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email !== 'string') return undefined;
  const normalised = email.trim().toLowerCase();
  return normalised !== '' && normalised.length <= Limits.emailMax ? normalised : undefined;
}

export function authRoutes(api: Api, { auth }: { auth: AuthService }): void {
  /** Per-account limits run after the body is read, before it is validated. */
  const perAccount = (name: string, max: number, timeWindow: number) =>
    limiter(api, name, max, timeWindow, (request) => accountOf(request.body));

  api.route({
    ...routeOf(api, Routes.register, perIp(10, MINUTE)),
    handler: async (request) => ok(presentUser(await auth.register(request.body)), Messages.registered),
  });

  api.route({
    ...routeOf(api, Routes.verifyAccount, { ...perIp(10, MINUTE), preValidation: [perAccount('verify', 10, MINUTE)] }),
    handler: async (request) => {
      const { user, token } = await auth.verifyAccount(request.body);
      return ok(presentAuthUser(user, token), Messages.verified);
    },
  });

  api.route({
    ...routeOf(api, Routes.resendVerificationCode, {
      ...perIp(10, MINUTE),
      preValidation: [perAccount('resend', 3, 10 * MINUTE), perAccount('resend-day', 10, DAY)],
    }),
    handler: async (request) => {
      await auth.resendVerificationCode(request.body.email);
      return ok(null, Messages.codeSent);
    },
  });

  api.route({
    ...routeOf(api, Routes.login, { ...perIp(10, MINUTE), preValidation: [perAccount('login', 10, MINUTE)] }),
    handler: async (request) => {
      const { user, token } = await auth.login(request.body);
      return ok(presentAuthUser(user, token));
    },
  });

  api.route({
    ...routeOf(api, Routes.logout, perIp(30, MINUTE)),
    handler: async (request) => {
      await auth.logout(sessionOf(request));
      return ok(null, Messages.loggedOut);
    },
  });

  api.route({
    ...routeOf(api, Routes.forgotPassword, {
      ...perIp(10, MINUTE),
      preValidation: [perAccount('forgot', 3, 10 * MINUTE), perAccount('forgot-day', 10, DAY)],
    }),
    handler: async (request) => {
      await auth.forgotPassword(request.body.email);
      return ok(null, Messages.resetSent);
    },
  });

  api.route({
    ...routeOf(api, Routes.verifyResetToken, {
      ...perIp(10, MINUTE),
      preValidation: [perAccount('verify-reset', 10, MINUTE)],
    }),
    handler: async (request) => {
      await auth.verifyResetToken(request.body);
      return ok(null, Messages.resetCodeValid);
    },
  });

  api.route({
    ...routeOf(api, Routes.resetPassword, { ...perIp(10, MINUTE), preValidation: [perAccount('reset', 10, MINUTE)] }),
    handler: async (request) => {
      await auth.resetPassword(request.body);
      return ok(null, Messages.passwordReset);
    },
  });
}
