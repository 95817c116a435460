import { useMutation } from '@tanstack/react-query';
import { Endpoints, type BodyOf, type Endpoint, type ResponseOf, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';

/** The auth calls of spec §4: each posts one form's values, nothing in its path. */
type AuthRoute = (typeof Routes)[
  | 'login'
  | 'loginCode'
  | 'loginCodeVerify'
  | 'register'
  | 'verifyAccount'
  | 'resendVerificationCode'
  | 'forgotPassword'
  | 'verifyResetToken'
  | 'resetPassword'];

/** A mutation that posts the form's values to `route`, then does `onSuccess` with the answer. */
function useAuthCall<R extends AuthRoute>(
  route: Endpoint<R>,
  onSuccess?: (res: ResponseOf<R>, body: BodyOf<R>) => void,
) {
  // `call` works out a route's inputs from its literal type, which a type parameter hides; every
  // route of AuthRoute takes a body and nothing else.
  const send = call as (route: Endpoint<R>, input: { body: BodyOf<R> }) => Promise<ResponseOf<R>>;
  return useMutation({ mutationFn: (body: BodyOf<R>) => send(route, { body }), onSuccess });
}

/** POST login: stores the user and token (spec §4). */
export const useLogin = () => useAuthCall(Endpoints.login, ({ data }) => sessionStore.signIn(data));

/** POST login/code: mails a sign-in code (answers alike for every e-mail). */
export const useRequestLoginCode = () => useAuthCall(Endpoints.loginCode);

/** POST login/code/verify: signs in as login does. */
export const useLoginWithCode = () => useAuthCall(Endpoints.loginCodeVerify, ({ data }) => sessionStore.signIn(data));

/** POST register: the e-mail is kept for the verify screen and its countdown. */
export const useRegister = () => useAuthCall(Endpoints.register, (_res, body) => sessionStore.setPending(body.email));

/** POST verify-account: signs the user in. */
export const useVerifyAccount = () => useAuthCall(Endpoints.verifyAccount, ({ data }) => sessionStore.signIn(data));

export const useResendCode = () =>
  useAuthCall(Endpoints.resendVerificationCode, (_res, body) => sessionStore.setPending(body.email));

export const useForgotPassword = () => useAuthCall(Endpoints.forgotPassword);
export const useVerifyResetToken = () => useAuthCall(Endpoints.verifyResetToken);
export const useResetPassword = () => useAuthCall(Endpoints.resetPassword);
