import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import {
  authUserDto,
  changePasswordSchema,
  emailOnlySchema,
  loginCodeSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  userDto,
  verifyAccountSchema,
  verifyResetTokenSchema,
} from '../schemas/auth.js';

const none = envelopeOf(z.null());

/** Auth and account calls of spec §7, and the profile calls built so far. */
export const accountRoutes = {
  health: defineRoute({
    ...endpointPaths.health,
    response: envelopeOf(z.object({ status: z.literal('ok') })),
  }),
  register: defineRoute({
    ...endpointPaths.register,
    body: registerSchema,
    status: 201,
    response: envelopeOf(userDto),
  }),
  verifyAccount: defineRoute({
    ...endpointPaths.verifyAccount,
    body: verifyAccountSchema,
    response: envelopeOf(authUserDto),
  }),
  resendVerificationCode: defineRoute({
    ...endpointPaths.resendVerificationCode,
    body: emailOnlySchema,
    response: none,
  }),
  login: defineRoute({
    ...endpointPaths.login,
    body: loginSchema,
    response: envelopeOf(authUserDto),
  }),
  /** Mails a sign-in code (ADR 0021); answers alike whether or not the account exists. */
  loginCode: defineRoute({
    ...endpointPaths.loginCode,
    body: emailOnlySchema,
    response: none,
  }),
  /** Signs in with that code: answers as login does. */
  loginCodeVerify: defineRoute({
    ...endpointPaths.loginCodeVerify,
    body: loginCodeSchema,
    response: envelopeOf(authUserDto),
  }),
  logout: defineRoute({ ...endpointPaths.logout, response: none }),
  forgotPassword: defineRoute({
    ...endpointPaths.forgotPassword,
    body: emailOnlySchema,
    response: none,
  }),
  verifyResetToken: defineRoute({
    ...endpointPaths.verifyResetToken,
    body: verifyResetTokenSchema,
    response: none,
  }),
  resetPassword: defineRoute({
    ...endpointPaths.resetPassword,
    body: resetPasswordSchema,
    response: none,
  }),
  changePassword: defineRoute({
    ...endpointPaths.changePassword,
    body: changePasswordSchema,
    response: none,
  }),
};
