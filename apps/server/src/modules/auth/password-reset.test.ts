import { describe, expect, it } from 'vitest';
import { Messages, Timing } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import {
  buildUser,
  expectInvalid,
  expireCodes,
  lastMailedCode,
  login,
  loginToken,
  mailsTo,
  otherCode,
  profileStatus,
  registerUser,
  uniqueEmail,
} from '../../test/factories.js';

describe('password reset', () => {
  // One app for the file: every test uses its own accounts, and each call its own client address.
  const t = useTestApp();

  const post = (path: string, body: unknown) => t.api('POST', path, body);
  const forgot = (email: string) => post('forgot-password', { email });
  const checkToken = (email: string, token: string) => post('verify-reset-token', { email, token });
  const reset = (email: string, token: string, password: string, password_confirmation = password) =>
    post('reset-password', { email, token, password, password_confirmation });

  /** Asks for a reset and returns the mailed code. */
  const requestCode = async (email: string) => {
    expect((await forgot(email)).statusCode).toBe(200);
    return lastMailedCode(t, email);
  };

  const expectTokenRejected = (res: Awaited<ReturnType<typeof post>>) =>
    expectInvalid(res, 'token', Messages.resetCodeInvalid);

  describe('POST forgot-password', () => {
    it('answers a known and an unknown e-mail with the same status and body; only the known one gets mail', async () => {
      const u = await buildUser(t);
      const ghost = uniqueEmail('ghost');
      const known = await forgot(u.email);
      const unknown = await forgot(ghost);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({ data: null, message: Messages.resetSent });

      const mails = await mailsTo(t, u.email);
      expect(mails).toHaveLength(2); // verification, then reset
      expect(mails[1]!.subject).toMatch(/reset/i);
      expect(mails[1]!.text_body).toMatch(/\b\d{6}\b/);
      expect(await mailsTo(t, ghost)).toHaveLength(0);
    });

    it('validates the e-mail', async () => {
      const res = await forgot('');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [Messages.emailRequired] });
    });
  });

  describe('POST verify-reset-token', () => {
    it('accepts the mailed code without spending it', async () => {
      const u = await buildUser(t);
      const code = await requestCode(u.email);
      for (let i = 0; i < 2; i++) {
        const res = await checkToken(u.email, code);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ data: null, message: Messages.resetCodeValid });
      }
      expect((await reset(u.email, code, 'brand-new')).statusCode).toBe(200);
    });

    it('checking the right code many times does not use up its tries', async () => {
      const u = await buildUser(t);
      const code = await requestCode(u.email);
      for (let i = 0; i < Timing.codeMaxAttempts + 1; i++)
        expect((await checkToken(u.email, code)).statusCode).toBe(200);
      expect((await reset(u.email, code, 'brand-new')).statusCode).toBe(200);
    });

    it('refuses a wrong code, a code of nobody and a verification code', async () => {
      const u = await registerUser(t);
      expectTokenRejected(await checkToken(u.email, u.code)); // the verify code is not a reset code
      const code = await requestCode(u.email);
      expectTokenRejected(await checkToken(u.email, otherCode(code)));
      expectTokenRejected(await checkToken(uniqueEmail('ghost'), code));
    });

    it('validates its input', async () => {
      const res = await post('verify-reset-token', { email: 'x@example.test', token: '12' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ token: [Messages.tokenMin] });
      const missing = await post('verify-reset-token', {});
      expect(missing.json().errors).toEqual({ email: [Messages.emailRequired], token: [Messages.tokenRequired] });
    });
  });

  describe('POST reset-password', () => {
    it('sets the new password: the old one fails, the new one works', async () => {
      const u = await buildUser(t);
      const code = await requestCode(u.email);
      const res = await reset(u.email, code, 'brand-new');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: null, message: Messages.passwordReset });

      expect((await login(t, u.email, u.password)).statusCode).toBe(422);
      expect((await login(t, u.email, 'brand-new')).statusCode).toBe(200);
    });

    it('revokes every existing session of the user, but not of others', async () => {
      const u = await buildUser(t);
      const second = await loginToken(t, u.email, u.password);
      const other = await buildUser(t);
      await reset(u.email, await requestCode(u.email), 'brand-new');
      expect(await profileStatus(t, u.token)).toBe(401);
      expect(await profileStatus(t, second)).toBe(401);
      expect(await profileStatus(t, other.token)).toBe(200);
    });

    it('a code works once', async () => {
      const u = await buildUser(t);
      const code = await requestCode(u.email);
      expect((await reset(u.email, code, 'brand-new')).statusCode).toBe(200);
      expectTokenRejected(await reset(u.email, code, 'third-pass'));
      expectTokenRejected(await checkToken(u.email, code));
      expect((await login(t, u.email, 'brand-new')).statusCode).toBe(200);
      expect((await login(t, u.email, 'third-pass')).statusCode).toBe(422);
    });

    it(`${Timing.codeMaxAttempts} wrong codes kill it, even for the right one after`, async () => {
      const u = await buildUser(t);
      const code = await requestCode(u.email);
      // Wrong tries count on both calls that check a reset code.
      for (let i = 0; i < 3; i++) expectTokenRejected(await checkToken(u.email, otherCode(code)));
      for (let i = 3; i < Timing.codeMaxAttempts; i++)
        expectTokenRejected(await reset(u.email, otherCode(code), 'brand-new'));
      expectTokenRejected(await checkToken(u.email, code));
      expectTokenRejected(await reset(u.email, code, 'brand-new'));
      expect((await login(t, u.email, u.password)).statusCode).toBe(200);
      // A new request gives a new code with fresh tries.
      expect((await reset(u.email, await requestCode(u.email), 'brand-new')).statusCode).toBe(200);
    });

    it('an expired code fails', async () => {
      const u = await buildUser(t);
      const code = await requestCode(u.email);
      await expireCodes(t, u.email, 'reset');
      expectTokenRejected(await checkToken(u.email, code));
      expectTokenRejected(await reset(u.email, code, 'brand-new'));
    });

    it('a new request replaces the old code', async () => {
      const u = await buildUser(t);
      const first = await requestCode(u.email);
      const second = await requestCode(u.email);
      if (first !== second) expectTokenRejected(await checkToken(u.email, first));
      expect((await reset(u.email, second, 'brand-new')).statusCode).toBe(200);
    });

    it("a mismatched confirmation is 'Passwords Must Match' and changes nothing", async () => {
      const u = await buildUser(t);
      const code = await requestCode(u.email);
      const res = await reset(u.email, code, 'brand-new', 'brand-neW');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: Messages.passwordsMustMatch,
        errors: { password_confirmation: [Messages.passwordsMustMatch] },
      });
      expect(await profileStatus(t, u.token)).toBe(200);
      expect((await reset(u.email, code, 'brand-new')).statusCode).toBe(200);
    });

    it('validates the new password (spec §5)', async () => {
      const res = await post('reset-password', {
        email: uniqueEmail(),
        token: '123456',
        password: 'abc',
        password_confirmation: 'abc',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: [Messages.passwordMin] });
    });

    it('also verifies an account that never entered its sign-up code (the mailbox is proven)', async () => {
      const u = await registerUser(t);
      const code = await requestCode(u.email);
      expect((await reset(u.email, code, 'brand-new')).statusCode).toBe(200);
      expect((await login(t, u.email, 'brand-new')).statusCode).toBe(200);
    });
  });
});
