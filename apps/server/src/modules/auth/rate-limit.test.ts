import { describe, expect, it } from 'vitest';
import { Messages, Timing } from '@rally/contract';
import { useTestApp, type TestApp } from '../../test/app.js';
import { buildUser, login, uniqueEmail, uniqueIp } from '../../test/factories.js';

type Res = Awaited<ReturnType<TestApp['api']>>;

/** A 429 in the envelope, with a Retry-After of at most the window. */
function expectLimited(res: Res, windowSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ message: Messages.tooManyRequests, code: 'too_many_requests' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `Retry-After: ${String(res.headers['retry-after'])}`).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limits on auth routes', () => {
  // One app for the file: every test uses its own accounts, and each call its own client address.
  const t = useTestApp();

  it('the 11th login within a minute from one IP gets 429 with Retry-After, whatever the account', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      const res = await login(t, uniqueEmail(), 'whatever', ip);
      expect(res.statusCode, `login ${i + 1}`).toBe(422);
    }
    expectLimited(await login(t, uniqueEmail(), 'whatever', ip), 60);
    // Another address is not affected.
    expect((await login(t, uniqueEmail(), 'whatever')).statusCode).toBe(422);
  });

  it('the per-IP limit also stops the right password', async () => {
    const u = await buildUser(t);
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) await login(t, uniqueEmail(), 'whatever', ip);
    expectLimited(await login(t, u.email, u.password, ip), 60);
  });

  // Issue 12: failures count per account AND source; failures from elsewhere slow an account
  // down but never lock its owner out (owner-first.test.ts has the whole story).
  it('wrong passwords from one IP limit that IP at that account, in either casing; the owner elsewhere signs in', async () => {
    const victim = await buildUser(t);
    const attacker = uniqueIp();
    for (let i = 0; i < Timing.failuresPerSource; i++) {
      expect((await login(t, victim.email, `guess-${i}`, attacker)).statusCode, `guess ${i + 1}`).toBe(422);
    }
    expectLimited(await login(t, victim.email.toUpperCase(), victim.password, attacker), Timing.failureWindowMs / 1000);
    expect((await login(t, victim.email, victim.password)).statusCode).toBe(200);
  });

  it('limits code guesses per account and IP', async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    const guess = (remoteAddress: string) =>
      t.api('POST', 'verify-account', { email, verification_code: '000000' }, undefined, { remoteAddress });
    for (let i = 0; i < Timing.failuresPerSource; i++) expect((await guess(ip)).statusCode).toBe(422);
    expectLimited(await guess(ip), Timing.failureWindowMs / 1000);
    // Another address is answered (and only slowed down once an account sees many failures).
    expect((await guess(uniqueIp())).statusCode).toBe(422);
  });

  it('limits forgot-password to 3 per account and IP in 10 minutes', async () => {
    const u = await buildUser(t);
    const ip = uniqueIp();
    const forgot = (remoteAddress: string) =>
      t.api('POST', 'forgot-password', { email: u.email }, undefined, { remoteAddress });
    for (let i = 0; i < 3; i++) expect((await forgot(ip)).statusCode).toBe(200);
    expectLimited(await forgot(ip), 600);
    expect((await forgot(uniqueIp())).statusCode).toBe(200);
  });

  it.each([
    'register',
    'verify-account',
    'resend-verification-code',
    'forgot-password',
    'verify-reset-token',
    'reset-password',
    'login/code',
    'login/code/verify',
  ])('POST %s allows 10 calls a minute per IP', async (path) => {
    const ip = uniqueIp();
    // Each call names another account, so only the per-IP limit can apply.
    for (let i = 0; i < 10; i++) {
      const res = await t.api('POST', path, { email: uniqueEmail() }, undefined, { remoteAddress: ip });
      expect(res.statusCode, `${path} call ${i + 1}: ${res.body}`).not.toBe(429);
    }
    expectLimited(await t.api('POST', path, { email: uniqueEmail() }, undefined, { remoteAddress: ip }), 60);
  });
});
