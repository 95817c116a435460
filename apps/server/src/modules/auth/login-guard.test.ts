/**
 * Issue 20, ADR 0021: an account under a distributed password attack stops being an oracle (at
 * most LOGIN_LOCK_AFTER_FAILURES passwords evaluated per window, then one answer for right and
 * wrong) while its owner signs in with a mailed code; successful sign-ins never count against an
 * address; the most common passwords are refused.
 */
import { describe, expect, it } from 'vitest';
import { Messages, SecurityMessages } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import {
  buildUser,
  expireCodes,
  expectInvalid,
  lastMailedCode,
  login,
  mailsTo,
  otherCode,
  uniqueEmail,
  uniqueIp,
  userCount,
} from '../../test/factories.js';
import { hashPassword, passwordChecks } from './secrets.js';

const t = useTestApp();
const from = (remoteAddress = uniqueIp()) => ({ remoteAddress });
const askCode = (email: string) => t.api('POST', 'login/code', { email }, undefined, from());
const signInWithCode = (email: string, code: string) =>
  t.api('POST', 'login/code/verify', { email, code }, undefined, from());

describe('a password attack from many addresses', () => {
  it('100 wrong passwords from 100 addresses: at most the threshold are evaluated, then right and wrong answer alike', async () => {
    const owner = await buildUser(t);
    const threshold = t.config.LOGIN_LOCK_AFTER_FAILURES;
    const before = passwordChecks.count;
    // All at once, as a botnet sends them: each attempt claims its evaluation before it runs.
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(t, owner.email, `spray-${i}`)));
    const evaluated = passwordChecks.count - before;
    expect(evaluated).toBeLessThanOrEqual(threshold);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(evaluated);
    const guarded = answers.filter((a) => a.statusCode === 429);
    expect(guarded).toHaveLength(100 - evaluated);
    for (const a of guarded) expect(a.json()).toEqual({ message: SecurityMessages.loginLocked, code: 'login_locked' });

    // Guarded: the right password gets exactly the answer a wrong one gets, and neither is evaluated.
    const right = await login(t, owner.email, owner.password);
    const wrong = await login(t, owner.email, 'still-guessing');
    expect([right.statusCode, right.body]).toEqual([wrong.statusCode, wrong.body]);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(t.config.LOGIN_LOCK_WINDOW_MINUTES * 60);
    expect(passwordChecks.count - before).toBe(evaluated);

    // Another account is not affected.
    const neighbour = await buildUser(t);
    expect((await login(t, neighbour.email, neighbour.password)).statusCode).toBe(200);
  });

  it('an e-mail without an account is guarded alike (nothing to learn about who has one)', async () => {
    const owner = await buildUser(t);
    const nobody = uniqueEmail('nobody');
    for (const email of [owner.email, nobody])
      for (let i = 0; i < t.config.LOGIN_LOCK_AFTER_FAILURES; i++)
        expect((await login(t, email, `spray-${i}`)).statusCode).toBe(422);
    const a = await login(t, owner.email, 'x-guess');
    const b = await login(t, nobody, 'x-guess');
    expect(a.statusCode).toBe(429);
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
  });
});

describe('signing in with a mailed code', () => {
  it('works once, for ten minutes, while the password is guarded', async () => {
    const owner = await buildUser(t);
    for (let i = 0; i < t.config.LOGIN_LOCK_AFTER_FAILURES; i++) await login(t, owner.email, `spray-${i}`);
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(429);

    const asked = await askCode(owner.email);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ data: null, message: SecurityMessages.loginCodeSent });
    const code = await lastMailedCode(t, owner.email);
    const mail = (await mailsTo(t, owner.email)).at(-1)!;
    expect(mail.subject).toBe(`Your Rally sign-in code is ${code}`);

    expectInvalid(await signInWithCode(owner.email, otherCode(code)), 'code', SecurityMessages.loginCodeInvalid);
    const res = await signInWithCode(owner.email, code);
    expect(res.statusCode, res.body).toBe(200);
    const { token, ...user } = res.json().data;
    expect(user).toMatchObject({ id: owner.id, email: owner.email });
    expect((await t.api('GET', 'user/profile', undefined, token)).statusCode).toBe(200);
    // Single use.
    expectInvalid(await signInWithCode(owner.email, code), 'code', SecurityMessages.loginCodeInvalid);

    // An expired code is refused.
    await askCode(owner.email);
    const late = await lastMailedCode(t, owner.email);
    await expireCodes(t, owner.email, 'login');
    expectInvalid(await signInWithCode(owner.email, late), 'code', SecurityMessages.loginCodeInvalid);
  });

  it('answers an unknown e-mail as a known one, and mails only the known', async () => {
    const known = await buildUser(t);
    const unknown = uniqueEmail('unknown');
    const a = await askCode(known.email);
    const b = await askCode(unknown);
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(await mailsTo(t, unknown)).toHaveLength(0);
    expect((await mailsTo(t, known.email)).filter((m) => m.subject.includes('sign-in code'))).toHaveLength(1);
    expectInvalid(await signInWithCode(unknown, '123456'), 'code', SecurityMessages.loginCodeInvalid);
  });
});

describe('the limit of one address', () => {
  it('200 people sign in from one office address at 9:00: none gets 429', async () => {
    // 200 verified accounts with one password, written directly: the sign-ins are the point.
    const password = 'office-morning-42';
    const hash = await hashPassword(password);
    const now = new Date().toISOString();
    const emails = Array.from({ length: 200 }, () => uniqueEmail('office'));
    await t.db.kysely
      .insertInto('users')
      .values(
        emails.map((email) => ({
          first_name: 'Office',
          last_name: 'Worker',
          email,
          password_hash: hash,
          avatar: null,
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const office = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < emails.length; i += 4)
      statuses.push(
        ...(await Promise.all(emails.slice(i, i + 4).map((e) => login(t, e, password, office)))).map(
          (r) => r.statusCode,
        ),
      );
    expect(statuses).toEqual(emails.map(() => 200));
    // A typo from the same address is still only a typo.
    expect((await login(t, emails[0]!, 'typo', office)).statusCode).toBe(422);
  });
});

describe('common passwords', () => {
  const register = (password: string, email = uniqueEmail('common')) =>
    t.api(
      'POST',
      'register',
      { first_name: 'Cam', last_name: 'Mon', email, password, password_confirmation: password },
      undefined,
      from(),
    );

  it.each(['password1', 'Qwerty123', 'letmein', 'iloveyou'])('sign-up refuses %s, creating nothing', async (pw) => {
    const users = await userCount(t);
    const res = await register(pw);
    expectInvalid(res, 'password', SecurityMessages.passwordTooCommon);
    expect(res.json().message).toBe(SecurityMessages.passwordTooCommon);
    expect(await userCount(t)).toBe(users);
  });

  it("the spec's minimum and its message stay; a strong password is taken", async () => {
    expectInvalid(await register('abc'), 'password', Messages.passwordMin);
    expect((await register('abcd1234xyz!Q')).statusCode).toBe(201);
  });

  it('reset-password refuses a common password and keeps the code for a better one', async () => {
    const u = await buildUser(t);
    expect((await t.api('POST', 'forgot-password', { email: u.email }, undefined, from())).statusCode).toBe(200);
    const token = await lastMailedCode(t, u.email);
    const reset = (password: string) =>
      t.api(
        'POST',
        'reset-password',
        { email: u.email, token, password, password_confirmation: password },
        undefined,
        from(),
      );
    expectInvalid(await reset('sunshine1'), 'password', SecurityMessages.passwordTooCommon);
    expect((await reset('abcd1234xyz!Q')).statusCode).toBe(200);
    expect((await login(t, u.email, 'abcd1234xyz!Q')).statusCode).toBe(200);
  });

  it('changing the password refuses a common one', async () => {
    const u = await buildUser(t);
    const change = (password: string) =>
      t.api(
        'POST',
        'user/profile/password',
        { old_password: u.password, password, password_confirmation: password, email: u.email },
        u.token,
        from(),
      );
    expectInvalid(await change('password1'), 'password', SecurityMessages.passwordTooCommon);
    expect((await change('abcd1234xyz!Q')).statusCode).toBe(200);
  });
});
