import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiPaths,
  Limits,
  Messages,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyAccountSchema,
  verifyResetTokenSchema,
} from '@rally/contract';
import { sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { tooManyRequests } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
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

/** Per-IP limits run before the body is read; per-account limits after it. */
const perIp = (max: number, timeWindow: number) => ({ config: { rateLimit: { max, timeWindow } } });
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }): void {
  const perAccount = (name: string, max: number, timeWindow: number) => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (req: FastifyRequest) => `${name}:${accountOf(req.body) ?? ''}`,
    });
    return async (request: FastifyRequest) => {
      if (accountOf(request.body) === undefined) return;
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttlInSeconds);
    };
  };

  app.post(`/${ApiPaths.register}`, perIp(10, MINUTE), async (request, reply) => {
    const user = await auth.register(parse(registerSchema, request.body));
    return reply.status(201).send(ok(presentUser(user), Messages.registered));
  });

  app.post(
    `/${ApiPaths.verifyAccount}`,
    { ...perIp(10, MINUTE), preHandler: perAccount('verify', 10, MINUTE) },
    async (request) => {
      const { user, token } = await auth.verifyAccount(parse(verifyAccountSchema, request.body));
      return ok(presentAuthUser(user, token), Messages.verified);
    },
  );

  app.post(
    `/${ApiPaths.resendVerificationCode}`,
    { ...perIp(10, MINUTE), preHandler: [perAccount('resend', 3, 10 * MINUTE), perAccount('resend-day', 10, DAY)] },
    async (request) => {
      await auth.resendVerificationCode(parse(emailOnlySchema, request.body).email);
      return ok(null, Messages.codeSent);
    },
  );

  app.post(
    `/${ApiPaths.login}`,
    { ...perIp(10, MINUTE), preHandler: perAccount('login', 10, MINUTE) },
    async (request) => {
      const { user, token } = await auth.login(parse(loginSchema, request.body));
      return ok(presentAuthUser(user, token));
    },
  );

  app.post(`/${ApiPaths.logout}`, { ...perIp(30, MINUTE), preHandler: app.requireUser }, async (request) => {
    await auth.logout(sessionOf(request));
    return ok(null, Messages.loggedOut);
  });

  app.post(
    `/${ApiPaths.forgotPassword}`,
    { ...perIp(10, MINUTE), preHandler: [perAccount('forgot', 3, 10 * MINUTE), perAccount('forgot-day', 10, DAY)] },
    async (request) => {
      await auth.forgotPassword(parse(emailOnlySchema, request.body).email);
      return ok(null, Messages.resetSent);
    },
  );

  app.post(
    `/${ApiPaths.verifyResetToken}`,
    { ...perIp(10, MINUTE), preHandler: perAccount('verify-reset', 10, MINUTE) },
    async (request) => {
      await auth.verifyResetToken(parse(verifyResetTokenSchema, request.body));
      return ok(null, Messages.resetCodeValid);
    },
  );

  app.post(
    `/${ApiPaths.resetPassword}`,
    { ...perIp(10, MINUTE), preHandler: perAccount('reset', 10, MINUTE) },
    async (request) => {
      await auth.resetPassword(parse(resetPasswordSchema, request.body));
      return ok(null, Messages.passwordReset);
    },
  );
}
