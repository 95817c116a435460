import { describe, expect, it } from 'vitest';
import { Messages, Timing } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import {
  buildUser,
  lastMailedCode,
  login,
  loginToken,
  mailsTo,
  profileStatus,
  registerUser,
  uniqueEmail,
} from '../../test/factories.js';

describe('sessions', () => {
  // One app for the file: every test uses its own accounts, and each call its own client address.
  const t = useTestApp();

  describe('POST login', () => {
    it('signs in: 200 with the user and a working token', async () => {
      const u = await buildUser(t);
      const res = await login(t, u.email, u.password);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        id: u.id,
        email: u.email,
        first_name: 'Ada',
        full_name: 'Ada Lovelace',
        token: expect.any(String),
      });
      expect(res.body).not.toMatch(/password|argon2/i);
      expect(await profileStatus(t, data.token)).toBe(200);
    });

    it('gives a new token on each login, and every one of them works', async () => {
      const u = await buildUser(t);
      const a = await loginToken(t, u.email, u.password);
      const b = await loginToken(t, u.email, u.password);
      expect(new Set([u.token, a, b]).size).toBe(3);
      for (const token of [u.token, a, b]) expect(await profileStatus(t, token)).toBe(200);
    });

    it('is case- and space-insensitive in the e-mail', async () => {
      const u = await buildUser(t);
      expect((await login(t, ` ${u.email.toUpperCase()} `, u.password)).statusCode).toBe(200);
    });

    it('a wrong password and an unknown e-mail get the same 422', async () => {
      const u = await buildUser(t);
      const wrong = await login(t, u.email, 'not-the-password');
      const unknown = await login(t, uniqueEmail('ghost'), u.password);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: Messages.invalidCredentials,
        code: 'validation_failed',
        errors: { email: [Messages.invalidCredentials] },
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('the password is case-sensitive', async () => {
      const u = await buildUser(t, { password: 'Secret-Pass' });
      expect((await login(t, u.email, 'secret-pass')).statusCode).toBe(422);
    });

    it('an unverified account with the right password gets 403 (go verify), and no token', async () => {
      const u = await registerUser(t);
      const res = await login(t, u.email, u.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: Messages.accountNotVerified, code: 'account_not_verified' });
      const tokens = await t.db.kysely.selectFrom('auth_tokens').select('id').where('user_id', '=', u.id).execute();
      expect(tokens).toHaveLength(0);
    });

    /** Dates the user's codes to before the Resend countdown, as if they had been sent long ago. */
    const pastResendCountdown = (userId: number) =>
      t.db.kysely
        .updateTable('one_time_codes')
        .set({ created_at: new Date(Date.now() - Timing.resendCountdownMs - 1000).toISOString() })
        .where('user_id', '=', userId)
        .execute();

    it('an unverified account is mailed a code on sign-in, unless one went out within the Resend countdown', async () => {
      const u = await registerUser(t);
      // Just signed up: the sign-up's code is still in its countdown, so no second mail.
      expect((await login(t, u.email, u.password)).statusCode).toBe(403);
      expect(await mailsTo(t, u.email)).toHaveLength(1);

      // Later than the countdown: the answer's "Enter the code we sent" comes with a new code.
      await pastResendCountdown(u.id);
      const res = await login(t, u.email, u.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: Messages.accountNotVerified, code: 'account_not_verified' });
      const mails = await mailsTo(t, u.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toMatch(/verification/i);
      const code = await lastMailedCode(t, u.email);
      expect(code).not.toBe(u.code);
      const verified = await t.api('POST', 'verify-account', { email: u.email, verification_code: code });
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('a code whose tries are all spent does not hold back a new one within the countdown', async () => {
      const u = await registerUser(t);
      await t.db.kysely
        .updateTable('one_time_codes')
        .set({ attempts: Timing.codeMaxAttempts })
        .where('user_id', '=', u.id)
        .execute();
      expect((await login(t, u.email, u.password)).statusCode).toBe(403);
      expect(await mailsTo(t, u.email)).toHaveLength(2);
      const verified = await t.api('POST', 'verify-account', {
        email: u.email,
        verification_code: await lastMailedCode(t, u.email),
      });
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('a wrong password to an unverified account mails nothing', async () => {
      const u = await registerUser(t);
      await pastResendCountdown(u.id);
      expect((await login(t, u.email, 'wrong-password')).statusCode).toBe(422);
      expect(await mailsTo(t, u.email)).toHaveLength(1);
    });

    it('an unverified account with a wrong password gets the plain 422, not 403', async () => {
      const u = await registerUser(t);
      const res = await login(t, u.email, 'wrong-password');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(Messages.invalidCredentials);
    });

    it('validates its input (spec §5: e-mail valid and required, password min 4)', async () => {
      const empty = await t.api('POST', 'login', {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({ email: [Messages.emailRequired], password: [Messages.passwordRequired] });
      const short = await login(t, 'nope', 'abc');
      expect(short.json().errors).toEqual({ email: [Messages.emailInvalid], password: [Messages.passwordMin] });
    });
  });

  describe('POST logout', () => {
    it('revokes only the token it was called with', async () => {
      const u = await buildUser(t);
      const second = await loginToken(t, u.email, u.password);

      const res = await t.api('POST', 'logout', undefined, u.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: null, message: Messages.loggedOut });

      expect(await profileStatus(t, u.token)).toBe(401);
      expect(await profileStatus(t, second)).toBe(200);
      // A revoked token cannot log out again.
      expect((await t.api('POST', 'logout', undefined, u.token)).statusCode).toBe(401);
    });

    it('does not touch the sessions of other users', async () => {
      const a = await buildUser(t);
      const b = await buildUser(t);
      await t.api('POST', 'logout', undefined, a.token);
      expect(await profileStatus(t, b.token)).toBe(200);
    });

    it('needs a token: 401 with the envelope', async () => {
      const res = await t.api('POST', 'logout');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: Messages.unauthenticated, code: 'unauthenticated' });
    });

    it('after logout the user can sign in again', async () => {
      const u = await buildUser(t);
      await t.api('POST', 'logout', undefined, u.token);
      const token = await loginToken(t, u.email, u.password);
      expect(await profileStatus(t, token)).toBe(200);
    });
  });
});
