import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Limits, Messages, ProfileMessages, Routes, Timing, SecurityMessages } from '@rally/contract';
import { principalOf, sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { DAY, MINUTE, limiter, perIp, perUser } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import { FailureGuard, type FailureGuardOptions } from './failure-guard.js';
import { presentAuthUser, presentUser, type AvatarUrl } from './presenter.js';
import type { AuthService } from './service.js';

/**
 * The account a body names (its e-mail, normalised as the schemas do), for per-account limits
 * that run before the body is validated.
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

/**
 * A wrong password or code (the service's 422), as opposed to any other refusal (a new password
 * that is too common is no guess at a secret).
 */
const wrongAnswer = (err: unknown) =>
  err instanceof AppError && err.statusCode === 422 && err.code !== 'password_too_common';

/** The one answer to every password attempt at a guarded account, right or wrong (ADR 0021). */
const loginLocked = (retryAfterSeconds: number) =>
  new AppError(429, 'login_locked', SecurityMessages.loginLocked, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** Failures of one client address at any account a minute before it gets 429 (successes never count). */
const LOGIN_FAILURES_PER_IP_PER_MINUTE = 10;

export function authRoutes(
  api: Api,
  {
    auth,
    redis,
    avatarUrl,
    lock,
    slowDown,
    keyPrefix,
  }: {
    auth: AuthService;
    redis?: Redis | undefined;
    avatarUrl: AvatarUrl;
    /** Password sign-in of an account under attack (config LOGIN_LOCK_*). */
    lock: { afterFailures: number; windowMinutes: number };
    /** How an account under attack is slowed down (a real sleep unless a test passes its own). */
    slowDown?: ((ms: number) => Promise<void>) | undefined;
    /** Starts the failure counters' Redis keys (the app's rate-limit namespace). */
    keyPrefix: string;
  },
): void {
  /**
   * Limits on mails a body asks for, per account AND source: a stranger who asks too often is
   * stopped at their own address, never the owner who asks from elsewhere.
   */
  const perAccountAndSource = (name: string, max: number, timeWindow: number) =>
    limiter(api, name, max, timeWindow, (request) => {
      const account = accountOf(request.body);
      return account === undefined ? undefined : `${account}|${request.ip}`;
    });
  const guard = (name: string, extra: Partial<FailureGuardOptions> = {}) =>
    new FailureGuard(
      {
        name,
        redis,
        keyPrefix,
        perSource: Timing.failuresPerSource,
        slowAfter: Timing.failuresBeforeSlowdown,
        windowSeconds: Timing.failureWindowMs / 1000,
        stepMs: Timing.slowdownStepMs,
        maxDelayMs: Timing.slowdownMaxMs,
        ...extra,
      },
      slowDown,
    );
  // Passwords: only failures count against the client address (a whole office signs in at 9:00),
  // and an account failed at from anywhere is guarded, not slowed (ADR 0021).
  const passwords = guard('login', {
    lock: { afterFailures: lock.afterFailures, windowSeconds: lock.windowMinutes * 60, refusal: loginLocked },
    perIp: { max: LOGIN_FAILURES_PER_IP_PER_MINUTE, windowSeconds: 60 },
  });
  const loginCodes = guard('login-code');
  const verifyCodes = guard('verify-code');
  const resetCodes = guard('reset-code');
  const emailPasswords = guard('email-password');
  const emailCodes = guard('email-code');
  /** The signed-in account, as the failure guards of the e-mail change key it. */
  const accountKey = (request: FastifyRequest) => `user:${principalOf(request).id}`;
  /** A wrong answer in `field`: a taken address is no guess at the password or the code. */
  const wrongIn = (field: string) => (err: unknown) => wrongAnswer(err) && !!(err as AppError).errors?.[field];

  api.route({
    ...routeOf(api, Routes.register, perIp(10, MINUTE)),
    handler: async (request) => ok(presentUser(await auth.register(request.body), avatarUrl), Messages.registered),
  });

  api.route({
    ...routeOf(api, Routes.verifyAccount, perIp(10, MINUTE)),
    handler: async (request) => {
      const { user, token } = await verifyCodes.attempt(request.body.email, request.ip, wrongAnswer, () =>
        auth.verifyAccount(request.body),
      );
      return ok(presentAuthUser(user, token, avatarUrl), Messages.verified);
    },
  });

  api.route({
    ...routeOf(api, Routes.resendVerificationCode, {
      ...perIp(10, MINUTE),
      preValidation: [perAccountAndSource('resend', 3, 10 * MINUTE), perAccountAndSource('resend-day', 10, DAY)],
    }),
    handler: async (request) => {
      await auth.resendVerificationCode(request.body.email);
      return ok(null, Messages.codeSent);
    },
  });

  // No per-IP limit on every call here: the guard counts the address's failures only.
  api.route({
    ...routeOf(api, Routes.login),
    handler: async (request) => {
      const { user, token } = await passwords.attempt(request.body.email, request.ip, wrongAnswer, () =>
        auth.login(request.body),
      );
      return ok(presentAuthUser(user, token, avatarUrl));
    },
  });

  api.route({
    ...routeOf(api, Routes.loginCode, {
      ...perIp(10, MINUTE),
      preValidation: [
        perAccountAndSource('login-code', 3, 10 * MINUTE),
        perAccountAndSource('login-code-day', 10, DAY),
      ],
    }),
    handler: async (request) => {
      await auth.requestLoginCode(request.body.email);
      return ok(null, SecurityMessages.loginCodeSent);
    },
  });

  api.route({
    ...routeOf(api, Routes.loginCodeVerify, perIp(10, MINUTE)),
    handler: async (request) => {
      const { user, token } = await loginCodes.attempt(request.body.email, request.ip, wrongAnswer, () =>
        auth.loginWithCode(request.body),
      );
      return ok(presentAuthUser(user, token, avatarUrl));
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
      preValidation: [perAccountAndSource('forgot', 3, 10 * MINUTE), perAccountAndSource('forgot-day', 10, DAY)],
    }),
    handler: async (request) => {
      await auth.forgotPassword(request.body.email);
      return ok(null, Messages.resetSent);
    },
  });

  api.route({
    ...routeOf(api, Routes.verifyResetToken, perIp(10, MINUTE)),
    handler: async (request) => {
      await resetCodes.attempt(request.body.email, request.ip, wrongAnswer, () => auth.verifyResetToken(request.body));
      return ok(null, Messages.resetCodeValid);
    },
  });

  api.route({
    ...routeOf(api, Routes.resetPassword, perIp(10, MINUTE)),
    handler: async (request) => {
      await resetCodes.attempt(request.body.email, request.ip, wrongAnswer, () => auth.resetPassword(request.body));
      return ok(null, Messages.passwordReset);
    },
  });

  // Changing the e-mail (decisions.md): the password, then a code sent to the new address, limited
  // like the other calls that send codes; wrong passwords and codes count per account and source.
  api.route({
    ...routeOf(api, Routes.requestEmailChange, {
      ...perIp(10, MINUTE),
      preHandler: [perUser(api, 'email-change', 5, 10 * MINUTE), perUser(api, 'email-change-day', 20, DAY)],
    }),
    handler: async (request) => {
      await emailPasswords.attempt(accountKey(request), request.ip, wrongIn('current_password'), () =>
        auth.requestEmailChange(sessionOf(request), request.body),
      );
      return ok(null, ProfileMessages.emailCodeSent);
    },
  });

  api.route({
    ...routeOf(api, Routes.confirmEmailChange, perIp(10, MINUTE)),
    handler: async (request) => {
      const user = await emailCodes.attempt(accountKey(request), request.ip, wrongIn('verification_code'), () =>
        auth.confirmEmailChange(sessionOf(request), request.body),
      );
      return ok(presentUser(user, avatarUrl), ProfileMessages.emailChanged);
    },
  });
}
