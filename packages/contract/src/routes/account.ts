import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { defineRoute } from '../route.js';
import {
  authUserDto,
  changePasswordSchema,
  emailOnlySchema,
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
    method: 'GET',
    path: 'health',
    auth: false,
    response: envelopeOf(z.object({ status: z.literal('ok') })),
  }),
  register: defineRoute({
    method: 'POST',
    path: 'register',
    auth: false,
    body: registerSchema,
    status: 201,
    response: envelopeOf(userDto),
  }),
  verifyAccount: defineRoute({
    method: 'POST',
    path: 'verify-account',
    auth: false,
    body: verifyAccountSchema,
    response: envelopeOf(authUserDto),
  }),
  resendVerificationCode: defineRoute({
    method: 'POST',
    path: 'resend-verification-code',
    auth: false,
    body: emailOnlySchema,
    response: none,
  }),
  login: defineRoute({
    method: 'POST',
    path: 'login',
    auth: false,
    body: loginSchema,
    response: envelopeOf(authUserDto),
  }),
  logout: defineRoute({ method: 'POST', path: 'logout', auth: true, response: none }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: 'forgot-password',
    auth: false,
    body: emailOnlySchema,
    response: none,
  }),
  verifyResetToken: defineRoute({
    method: 'POST',
    path: 'verify-reset-token',
    auth: false,
    body: verifyResetTokenSchema,
    response: none,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: 'reset-password',
    auth: false,
    body: resetPasswordSchema,
    response: none,
  }),
  profile: defineRoute({ method: 'GET', path: 'user/profile', auth: true, response: envelopeOf(userDto) }),
  changePassword: defineRoute({
    method: 'POST',
    path: 'user/profile/password',
    auth: true,
    body: changePasswordSchema,
    response: none,
  }),
};
