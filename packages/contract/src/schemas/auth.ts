import { z } from 'zod';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { emailField, passwordField, textField } from './common.js';

const requiredName = (message: string) =>
  textField('line', message).min(1, { error: message, abort: true }).max(Limits.nameMax, Messages.tooLong);

export const codeField = (required: string, min: string) =>
  textField('line', required).min(1, { error: required, abort: true }).min(Limits.codeMin, min).max(32, min);

/**
 * Adds the spec's confirmation rule to a schema with password and password_confirmation.
 * It runs only when both fields parsed: an empty confirmation says "required", not also "must match".
 */
function withConfirmation<
  T extends z.ZodObject<{ password: z.ZodType<string>; password_confirmation: z.ZodType<string> }>,
>(schema: T) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: Messages.passwordsMustMatch,
    path: ['password_confirmation'],
  });
}

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;

/** POST login/code/verify: the 6-digit code mailed by POST login/code (ADR 0021). */
export const loginCodeSchema = z.object({
  email: emailField,
  code: codeField(Messages.codeRequired, Messages.codeMin),
});
export type LoginCodeInput = z.input<typeof loginCodeSchema>;
export type LoginCodeData = z.output<typeof loginCodeSchema>;

export const registerSchema = withConfirmation(
  z.object({
    first_name: requiredName(Messages.firstNameRequired),
    last_name: requiredName(Messages.lastNameRequired),
    email: emailField,
    password: passwordField,
    password_confirmation: z
      .string({ error: Messages.passwordConfirmationRequired })
      .min(1, { error: Messages.passwordConfirmationRequired, abort: true }),
  }),
);
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

export const verifyAccountSchema = z.object({
  email: emailField,
  verification_code: codeField(Messages.codeRequired, Messages.codeMin),
});
export type VerifyAccountInput = z.input<typeof verifyAccountSchema>;
export type VerifyAccountData = z.output<typeof verifyAccountSchema>;

export const emailOnlySchema = z.object({ email: emailField });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;
export type EmailOnlyData = z.output<typeof emailOnlySchema>;

export const verifyResetTokenSchema = z.object({
  email: emailField,
  token: codeField(Messages.tokenRequired, Messages.tokenMin),
});
export type VerifyResetTokenInput = z.input<typeof verifyResetTokenSchema>;
export type VerifyResetTokenData = z.output<typeof verifyResetTokenSchema>;

export const resetPasswordSchema = withConfirmation(
  z.object({
    email: emailField,
    token: codeField(Messages.tokenRequired, Messages.tokenMin),
    password: passwordField,
    password_confirmation: z
      .string({ error: Messages.passwordConfirmationRequired })
      .min(1, { error: Messages.passwordConfirmationRequired, abort: true }),
  }),
);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordData = z.output<typeof resetPasswordSchema>;

export const changePasswordSchema = withConfirmation(
  z.object({
    old_password: z.string({ error: Messages.oldPasswordRequired }).min(1, Messages.oldPasswordRequired),
    password: passwordField,
    password_confirmation: z
      .string({ error: Messages.changePasswordConfirmationRequired })
      .min(1, { error: Messages.changePasswordConfirmationRequired, abort: true }),
    email: emailField,
  }),
);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordData = z.output<typeof changePasswordSchema>;

/** The user as the API presents it (spec §3). */
export const userDto = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

/** Login / verify-account answer: the user with a bearer token. */
export const authUserDto = userDto.extend({ token: z.string() });
export type AuthUserDto = z.infer<typeof authUserDto>;
