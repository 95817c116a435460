import { describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, login, loginToken, profileStatus, type SignedUpUser } from '../../test/factories.js';

describe('POST user/profile/password', () => {
  // One app for the file: every test uses its own accounts, and each call its own client address.
  const t = useTestApp();

  const change = (token: string | undefined, body: Record<string, unknown>) =>
    t.api('POST', 'user/profile/password', body, token);
  const bodyFor = (u: SignedUpUser, overrides: Record<string, unknown> = {}) => ({
    old_password: u.password,
    password: 'brand-new',
    password_confirmation: 'brand-new',
    email: u.email,
    ...overrides,
  });

  it('needs a signed-in user: 401 without or with a bad token', async () => {
    const u = await buildUser(t);
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await change(token, bodyFor(u));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: Messages.unauthenticated, code: 'unauthenticated' });
    }
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it("changes the password: 'Password changed successfully.', the new one works at login, the old one not", async () => {
    const u = await buildUser(t);
    const res = await change(u.token, bodyFor(u));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: Messages.passwordChanged });
    expect(Messages.passwordChanged).toBe('Password changed successfully.');

    expect((await login(t, u.email, 'brand-new')).statusCode).toBe(200);
    expect((await login(t, u.email, u.password)).statusCode).toBe(422);
  });

  it('ends the other sessions and keeps the current one', async () => {
    const u = await buildUser(t);
    const other = await loginToken(t, u.email, u.password);
    const stranger = await buildUser(t);
    expect((await change(u.token, bodyFor(u))).statusCode).toBe(200);
    expect(await profileStatus(t, u.token)).toBe(200);
    expect(await profileStatus(t, other)).toBe(401);
    expect(await profileStatus(t, stranger.token)).toBe(200);
  });

  it('the current session can change the password again with the new one as old', async () => {
    const u = await buildUser(t);
    expect((await change(u.token, bodyFor(u))).statusCode).toBe(200);
    const again = await change(
      u.token,
      bodyFor(u, { old_password: 'brand-new', password: 'third-one', password_confirmation: 'third-one' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await login(t, u.email, 'third-one')).statusCode).toBe(200);
  });

  it('a wrong old password: 422 errors.old_password, nothing changes', async () => {
    const u = await buildUser(t);
    const other = await loginToken(t, u.email, u.password);
    const res = await change(u.token, bodyFor(u, { old_password: 'not-it' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: Messages.oldPasswordWrong,
      errors: { old_password: [Messages.oldPasswordWrong] },
    });
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    expect(await profileStatus(t, other)).toBe(200);
  });

  it('an e-mail that is not the account’s: 422 errors.email, nothing changes', async () => {
    const u = await buildUser(t);
    const stranger = await buildUser(t);
    const res = await change(u.token, bodyFor(u, { email: stranger.email }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
    expect(res.json().errors.email).toHaveLength(1);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    expect((await login(t, stranger.email, stranger.password)).statusCode).toBe(200);
  });

  it('accepts the account e-mail in another casing', async () => {
    const u = await buildUser(t);
    expect((await change(u.token, bodyFor(u, { email: ` ${u.email.toUpperCase()} ` }))).statusCode).toBe(200);
  });

  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['old_password missing', { old_password: undefined }, { old_password: [Messages.oldPasswordRequired] }],
    ['old_password empty', { old_password: '' }, { old_password: [Messages.oldPasswordRequired] }],
    ['password missing', { password: undefined }, { password: [Messages.passwordRequired] }],
    ['password too short', { password: 'abc', password_confirmation: 'abc' }, { password: [Messages.passwordMin] }],
    [
      'confirmation missing',
      { password_confirmation: undefined },
      { password_confirmation: [Messages.changePasswordConfirmationRequired] },
    ],
    [
      'confirmation empty',
      { password_confirmation: '' },
      { password_confirmation: [Messages.changePasswordConfirmationRequired] },
    ],
    [
      'confirmation differs',
      { password_confirmation: 'brand-old' },
      { password_confirmation: [Messages.passwordsMustMatch] },
    ],
    ['email missing', { email: undefined }, { email: [Messages.emailRequired] }],
  ];

  it.each(cases)('422 when %s, with the spec message (spec §5)', async (_name, patch, errors) => {
    const u = await buildUser(t);
    const body: Record<string, unknown> = bodyFor(u, patch);
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const res = await change(u.token, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });
});
