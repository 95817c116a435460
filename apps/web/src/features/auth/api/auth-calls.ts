import { useMutation } from '@tanstack/react-query';
import {
  ApiPaths,
  type AuthUserDto,
  type EmailOnlyData,
  type LoginData,
  type RegisterData,
  type ResetPasswordData,
  type UserDto,
  type VerifyAccountData,
  type VerifyResetTokenData,
} from '@rally/contract';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';

/** POST login: stores the user and token (spec §4). */
export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginData) => api<AuthUserDto>(ApiPaths.login, { method: 'POST', body: input }),
    onSuccess: ({ data }) => sessionStore.signIn(data),
  });
}

/** POST register: the e-mail is kept for the verify screen and its countdown. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterData) => api<UserDto>(ApiPaths.register, { method: 'POST', body: input }),
    onSuccess: (_res, input) => sessionStore.setPending(input.email),
  });
}

/** POST verify-account: signs the user in. */
export function useVerifyAccount() {
  return useMutation({
    mutationFn: (input: VerifyAccountData) => api<AuthUserDto>(ApiPaths.verifyAccount, { method: 'POST', body: input }),
    onSuccess: ({ data }) => sessionStore.signIn(data),
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (input: EmailOnlyData) => api<null>(ApiPaths.resendVerificationCode, { method: 'POST', body: input }),
    onSuccess: (_res, input) => sessionStore.setPending(input.email),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: EmailOnlyData) => api<null>(ApiPaths.forgotPassword, { method: 'POST', body: input }),
  });
}

export function useVerifyResetToken() {
  return useMutation({
    mutationFn: (input: VerifyResetTokenData) => api<null>(ApiPaths.verifyResetToken, { method: 'POST', body: input }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordData) => api<null>(ApiPaths.resetPassword, { method: 'POST', body: input }),
  });
}
