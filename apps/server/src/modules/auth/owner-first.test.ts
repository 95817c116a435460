/**
 * Limits protect the owner, not the attacker (OWASP authentication guidance): failures count
 * per account and source together; failures at a password from many sources guard the account
 * (no password is evaluated, ADR 0021) while its owner signs in with a mailed code; failures at
 * a code never spoil the owner's valid code; an unknown and a verified e-mail get the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages, Timing, SecurityMessages } from '@rally/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  buildUser,
  lastMailedCode,
  login,
  mailsTo,
  otherCode,
  registerUser,
  uniqueEmail,
  uniqueIp,
} from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const from = (remoteAddress: string) => ({ remoteAddress });
const verify = (email: string, verification_code: string, ip = uniqueIp()) =>
  t.api('POST', 'verify-account', { email, verification_code }, undefined, from(ip));

describe('passwords', () => {
  it('an attacker at one source is stopped at that source; the owner elsewhere gets in', async () => {
    const owner = await buildUser(t);
    const attacker = uniqueIp();
    for (let i = 0; i < Timing.failuresPerSource; i++)
      expect((await login(t, owner.email, `guess-${i}`, attacker)).statusCode).toBe(422);
    const stopped = await login(t, owner.email, `guess-x`, attacker);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password from the attacker's source waits out the window …
    expect((await login(t, owner.email, owner.password, attacker)).statusCode).toBe(429);
    // … while the owner, from their own device, signs in.
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('guesses from many sources guard the account; the owner still signs in, with a mailed code', async () => {
    const owner = await buildUser(t);
    for (let i = 0; i < t.config.LOGIN_LOCK_AFTER_FAILURES; i++)
      expect((await login(t, owner.email, `spray-${i}`)).statusCode).toBe(422);
    // The owner's right password, from their own device, is no longer evaluated …
    const guarded = await login(t, owner.email, owner.password);
    expect(guarded.statusCode, guarded.body).toBe(429);
    expect(guarded.json()).toEqual({ message: SecurityMessages.loginLocked, code: 'login_locked' });
    // … and the way in is a code mailed to them.
    const asked = await t.api('POST', 'login/code', { email: owner.email }, undefined, from(uniqueIp()));
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await lastMailedCode(t, owner.email);
    const res = await t.api('POST', 'login/code/verify', { email: owner.email, code }, undefined, from(uniqueIp()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: owner.id, email: owner.email, token: expect.any(String) });
  });

  it('the right password clears its source: a typo or two never adds up to a block', async () => {
    const owner = await buildUser(t);
    const device = uniqueIp();
    // Two rounds of (failuresPerSource - 1) typos and a success: 10 calls, the per-IP allowance.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < Timing.failuresPerSource - 1; i++)
        expect((await login(t, owner.email, `typo-${i}`, device)).statusCode).toBe(422);
      expect((await login(t, owner.email, owner.password, device)).statusCode).toBe(200);
    }
  });
});

describe('one-time codes', () => {
  it("a stranger's wrong codes from one source do not spoil the owner's valid code", async () => {
    const u = await registerUser(t);
    const stranger = uniqueIp();
    for (let i = 0; i < Timing.failuresPerSource; i++)
      expect((await verify(u.email, otherCode(u.code), stranger)).statusCode).toBe(422);
    expect((await verify(u.email, otherCode(u.code), stranger)).statusCode).toBe(429);
    expect((await verify(u.email, u.code)).statusCode).toBe(200);
  });

  it('the same for reset codes', async () => {
    const u = await buildUser(t);
    expect((await t.api('POST', 'forgot-password', { email: u.email }, undefined, from(uniqueIp()))).statusCode).toBe(
      200,
    );
    const code = await lastMailedCode(t, u.email);
    const stranger = uniqueIp();
    const check = (token: string, ip: string) =>
      t.api('POST', 'verify-reset-token', { email: u.email, token }, undefined, from(ip));
    for (let i = 0; i < Timing.failuresPerSource; i++)
      expect((await check(otherCode(code), stranger)).statusCode).toBe(422);
    expect((await check(otherCode(code), stranger)).statusCode).toBe(429);
    expect((await check(code, uniqueIp())).statusCode).toBe(200);
  });

  it('verify-account answers an unknown and an already verified e-mail alike', async () => {
    const verified = await buildUser(t);
    const known = await verify(verified.email, '123456');
    const unknown = await verify(uniqueEmail(), '123456');
    expect(known.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(Messages.codeInvalid);
  });
});

describe('mails on request', () => {
  it("a stranger's resets are capped at their source; the owner, elsewhere, still gets a working code", async () => {
    const u = await buildUser(t);
    const stranger = uniqueIp();
    const forgot = (ip: string) => t.api('POST', 'forgot-password', { email: u.email }, undefined, from(ip));
    for (let i = 0; i < 3; i++) expect((await forgot(stranger)).statusCode).toBe(200);
    expect((await forgot(stranger)).statusCode).toBe(429);
    // The owner asks from their own device: answered, mailed, and the code works.
    expect((await forgot(uniqueIp())).statusCode).toBe(200);
    const resets = (await mailsTo(t, u.email)).filter((m) => /reset/i.test(m.subject));
    expect(resets).toHaveLength(4);
    const code = await lastMailedCode(t, u.email);
    const reset = await t.api(
      'POST',
      'reset-password',
      { email: u.email, token: code, password: 'owner-again', password_confirmation: 'owner-again' },
      undefined,
      from(uniqueIp()),
    );
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
