import { describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { lastMailedCode, mailsTo, uniqueEmail, userCount, userInput } from '../../test/factories.js';

const validBody = () => {
  const u = userInput();
  return { ...u, password_confirmation: u.password };
};

describe('POST register', () => {
  // One app for the file: every test uses its own accounts, and each call its own client address.
  const t = useTestApp();

  const register = (body: unknown) => t.api('POST', 'register', body);

  it('creates an unverified account: 201 with the user shape, no secret in it', async () => {
    const body = validBody();
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const json = res.json();
    expect(json.message).toBe(Messages.registered);
    expect(Object.keys(json.data).sort()).toEqual(
      ['avatar', 'created_at', 'email', 'email_verified_at', 'first_name', 'full_name', 'id', 'last_name'].sort(),
    );
    expect(json.data).toMatchObject({
      id: expect.any(Number),
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      email: body.email,
      avatar: null,
      email_verified_at: null,
    });
    expect(Date.parse(json.data.created_at)).not.toBeNaN();
    // Nothing secret anywhere in the answer: no hash, no token, not the password itself.
    expect(res.body).not.toMatch(/password|argon2|token/i);
    expect(res.body).not.toContain(body.password);

    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(body.password);
  });

  it('sends a verification mail with a 6-digit code in its text', async () => {
    const body = validBody();
    await register(body);
    const mails = await mailsTo(t, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/verification/i);
    expect(mails[0]!.text_body).toMatch(/\b\d{6}\b/);
    expect(mails[0]!.text_body).toContain('Hi Ada');
    expect(mails[0]!.status).toBe('logged');
    // The code in the mail is the one that verifies the account.
    const code = await lastMailedCode(t, body.email);
    const verified = await t.api('POST', 'verify-account', { email: body.email, verification_code: code });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('normalises the e-mail: trimmed and lower-cased, so login works with any casing', async () => {
    const email = uniqueEmail('MiXeD');
    const body = { ...validBody(), email: `  ${email.toUpperCase()}  ` };
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.email).toBe(email.toLowerCase());
    expect(await mailsTo(t, email.toLowerCase())).toHaveLength(1);

    // The same address in another casing is the same account.
    const again = await register({ ...validBody(), email: email.toLowerCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [Messages.emailTaken] });
  });

  it('rejects a taken e-mail with 422 errors.email and creates nothing', async () => {
    const body = validBody();
    expect((await register(body)).statusCode).toBe(201);
    const dup = await register({ ...body, first_name: 'Other' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({ message: Messages.emailTaken, errors: { email: [Messages.emailTaken] } });
    const users = await t.db.kysely.selectFrom('users').select('first_name').where('email', '=', body.email).execute();
    expect(users).toEqual([{ first_name: 'Ada' }]);
    expect(await mailsTo(t, body.email)).toHaveLength(1);
  });

  it('answers two simultaneous sign-ups with one e-mail with one 201 and one 422, never a 500', async () => {
    const body = validBody();
    const [a, b] = await Promise.all([register(body), register(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(loser.json().errors).toEqual({ email: [Messages.emailTaken] });
  });

  // Spec §5: every register rule with its exact message, one field at a time.
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['first_name missing', { first_name: undefined }, { first_name: [Messages.firstNameRequired] }],
    ['first_name blank', { first_name: '   ' }, { first_name: [Messages.firstNameRequired] }],
    ['last_name missing', { last_name: undefined }, { last_name: [Messages.lastNameRequired] }],
    ['last_name empty', { last_name: '' }, { last_name: [Messages.lastNameRequired] }],
    ['email missing', { email: undefined }, { email: [Messages.emailRequired] }],
    ['email empty', { email: '' }, { email: [Messages.emailRequired] }],
    ['email invalid', { email: 'not-an-email' }, { email: [Messages.emailInvalid] }],
    ['email without domain', { email: 'ada@' }, { email: [Messages.emailInvalid] }],
    ['password missing', { password: undefined }, { password: [Messages.passwordRequired] }],
    [
      'password empty',
      { password: '', password_confirmation: '' },
      { password: [Messages.passwordRequired], password_confirmation: [Messages.passwordConfirmationRequired] },
    ],
    ['password of 3', { password: 'abc', password_confirmation: 'abc' }, { password: [Messages.passwordMin] }],
    [
      'confirmation missing',
      { password_confirmation: undefined },
      { password_confirmation: [Messages.passwordConfirmationRequired] },
    ],
    [
      'confirmation empty',
      { password_confirmation: '' },
      { password_confirmation: [Messages.passwordConfirmationRequired] },
    ],
    [
      'confirmation differs',
      { password_confirmation: 'secret-pasS' },
      { password_confirmation: [Messages.passwordsMustMatch] },
    ],
  ];

  it.each(cases)('422 when %s, with the spec message', async (_name, patch, errors) => {
    const body: Record<string, unknown> = { ...validBody(), ...patch };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const before = await userCount(t);
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: Object.values(errors)[0]![0], code: 'validation_failed', errors });
    expect(await userCount(t)).toBe(before);
  });

  it('lists every missing field at once for an empty body', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: [Messages.firstNameRequired],
      last_name: [Messages.lastNameRequired],
      email: [Messages.emailRequired],
      password: [Messages.passwordRequired],
      password_confirmation: [Messages.passwordConfirmationRequired],
    });
  });

  it('accepts a password of exactly 4 characters', async () => {
    const res = await register({ ...validBody(), password: 'abcd', password_confirmation: 'abcd' });
    expect(res.statusCode, res.body).toBe(201);
  });
});
