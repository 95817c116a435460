import { describe, expect, it } from 'vitest';
import { Messages, Timing } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import {
  buildUser,
  expectInvalid,
  expireCodes,
  lastMailedCode,
  mailsTo,
  otherCode,
  profileStatus,
  registerUser,
  uniqueEmail,
  uniqueIp,
} from '../../test/factories.js';

describe('verification codes', () => {
  // One app for the file: every test uses its own accounts, and each call its own client address.
  const t = useTestApp();

  const verify = (email: string, verification_code: string, remoteAddress = uniqueIp()) =>
    t.api('POST', 'verify-account', { email, verification_code }, undefined, { remoteAddress });
  const resend = (email: string) => t.api('POST', 'resend-verification-code', { email });

  const expectCodeRejected = (res: Awaited<ReturnType<typeof verify>>) =>
    expectInvalid(res, 'verification_code', Messages.codeInvalid);

  describe('POST verify-account', () => {
    it('verifies with the mailed code: 200 with the user and a token that opens the profile', async () => {
      const u = await registerUser(t);
      const res = await verify(u.email, u.code);
      expect(res.statusCode, res.body).toBe(200);
      const { data, message } = res.json();
      expect(message).toBe(Messages.verified);
      expect(data).toMatchObject({ id: u.id, email: u.email, full_name: 'Ada Lovelace', token: expect.any(String) });
      expect(Date.parse(data.email_verified_at)).not.toBeNaN();
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body).not.toMatch(/password/i);

      const me = await t.api('GET', 'user/profile', undefined, data.token);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().data).toMatchObject({ id: u.id, email: u.email });
      expect(me.json().data.token).toBeUndefined();
    });

    it('accepts the code with surrounding spaces and the e-mail in another casing', async () => {
      const u = await registerUser(t);
      const res = await verify(`  ${u.email.toUpperCase()} `, ` ${u.code} `);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('a wrong code: 422 with errors.verification_code, and the account stays unverified', async () => {
      const u = await registerUser(t);
      expectCodeRejected(await verify(u.email, otherCode(u.code)));
      const login = await t.api('POST', 'login', { email: u.email, password: u.password });
      expect(login.statusCode).toBe(403);
      // The right code still works after one wrong try.
      expect((await verify(u.email, u.code)).statusCode).toBe(200);
    });

    it(`${Timing.codeMaxAttempts} wrong tries kill the code: even the right one fails afterwards`, async () => {
      const u = await registerUser(t);
      for (let i = 0; i < Timing.codeMaxAttempts; i++) expectCodeRejected(await verify(u.email, otherCode(u.code)));
      expectCodeRejected(await verify(u.email, u.code));
      expect((await t.api('POST', 'login', { email: u.email, password: u.password })).statusCode).toBe(403);
    });

    it(`${Timing.codeMaxAttempts - 1} wrong tries leave the code usable`, async () => {
      const u = await registerUser(t);
      for (let i = 0; i < Timing.codeMaxAttempts - 1; i++) expectCodeRejected(await verify(u.email, otherCode(u.code)));
      expect((await verify(u.email, u.code)).statusCode).toBe(200);
    });

    it(`wrong guesses sent at once are still only ${Timing.codeMaxAttempts} tries`, async () => {
      const u = await registerUser(t);
      // More wrong guesses in parallel than the code survives, each from its own address: none
      // may be counted beyond the last try, or the limit could be outrun by concurrency.
      const guesses = Array.from({ length: Timing.codeMaxAttempts + 5 }, (_, i) =>
        String((Number(u.code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(guesses.map((g) => verify(u.email, g)));
      for (const a of answers) expectCodeRejected(a);
      const row = await t.db.kysely
        .selectFrom('one_time_codes')
        .select('attempts')
        .where('user_id', '=', u.id)
        .where('purpose', '=', 'verify')
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(Timing.codeMaxAttempts);
      expectCodeRejected(await verify(u.email, u.code));
    });

    it('an expired code fails', async () => {
      const u = await registerUser(t);
      await expireCodes(t, u.email, 'verify');
      expectCodeRejected(await verify(u.email, u.code));
    });

    it('a code works once: a second verify with it is refused', async () => {
      const u = await registerUser(t);
      expect((await verify(u.email, u.code)).statusCode).toBe(200);
      const again = await verify(u.email, u.code);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.verification_code).toHaveLength(1);
      expect(again.json().data).toBeUndefined();
    });

    it('the same code sent twice at once verifies once', async () => {
      const u = await registerUser(t);
      const answers = await Promise.all([verify(u.email, u.code), verify(u.email, u.code)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    });

    it('a code of another account does not verify this one', async () => {
      const a = await registerUser(t);
      const b = await registerUser(t);
      expectCodeRejected(await verify(a.email, b.code === a.code ? otherCode(b.code) : b.code));
    });

    it('an unknown e-mail gets the same answer as a wrong code', async () => {
      const u = await registerUser(t);
      const wrong = await verify(u.email, otherCode(u.code));
      const unknown = await verify(uniqueEmail('ghost'), '123456');
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('validates its input with the contract messages', async () => {
      const missing = await t.api('POST', 'verify-account', {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({
        email: [Messages.emailRequired],
        verification_code: [Messages.codeRequired],
      });
      const short = await verify(uniqueEmail(), '123');
      expect(short.json().errors).toEqual({ verification_code: [Messages.codeMin] });
      const empty = await verify(uniqueEmail(), '');
      expect(empty.json().errors).toEqual({ verification_code: [Messages.codeRequired] });
    });
  });

  describe('POST resend-verification-code', () => {
    it('sends a new code that replaces the old one', async () => {
      const u = await registerUser(t);
      const res = await resend(u.email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: null, message: Messages.codeSent });
      expect(await mailsTo(t, u.email)).toHaveLength(2);
      const fresh = await lastMailedCode(t, u.email);
      if (fresh !== u.code) expectCodeRejected(await verify(u.email, u.code));
      expect((await verify(u.email, fresh)).statusCode).toBe(200);
    });

    it('gives a fresh code all its tries again', async () => {
      const u = await registerUser(t);
      for (let i = 0; i < Timing.codeMaxAttempts; i++) await verify(u.email, otherCode(u.code));
      await resend(u.email);
      expect((await verify(u.email, await lastMailedCode(t, u.email))).statusCode).toBe(200);
    });

    it('answers unknown and verified e-mails exactly as a pending one, and mails neither', async () => {
      const pending = await registerUser(t);
      const verified = await buildUser(t);
      const unknown = uniqueEmail('ghost');
      const answers = await Promise.all([resend(pending.email), resend(verified.email), resend(unknown)]);
      for (const a of answers) {
        expect(a.statusCode).toBe(200);
        expect(a.body).toBe(answers[0].body);
      }
      expect(await mailsTo(t, verified.email)).toHaveLength(1);
      expect(await mailsTo(t, unknown)).toHaveLength(0);
      expect(await mailsTo(t, pending.email)).toHaveLength(2);
      // The verified user's session is untouched.
      expect(await profileStatus(t, verified.token)).toBe(200);
    });

    it('validates the e-mail', async () => {
      const res = await resend('nope');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [Messages.emailInvalid] });
    });
  });
});
