import { describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
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

  it('limits one account across many IPs, and not another account', async () => {
    const victim = await buildUser(t);
    const bystander = await buildUser(t);
    for (let i = 0; i < 10; i++) {
      expect((await login(t, victim.email, `guess-${i}`)).statusCode, `guess ${i + 1}`).toBe(422);
    }
    // Fresh IP, same account (in another casing): limited, even with the right password.
    expectLimited(await login(t, victim.email.toUpperCase(), victim.password), 60);
    // Fresh IP, another account: not limited.
    expect((await login(t, bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it('limits code guesses per account across IPs', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      const res = await t.api('POST', 'verify-account', { email, verification_code: '000000' }, undefined, {
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(422);
    }
    const res = await t.api('POST', 'verify-account', { email, verification_code: '000000' }, undefined, {
      remoteAddress: uniqueIp(),
    });
    expectLimited(res, 60);
  });

  it('limits forgot-password to 3 per account in 10 minutes', async () => {
    const u = await buildUser(t);
    for (let i = 0; i < 3; i++) {
      const res = await t.api('POST', 'forgot-password', { email: u.email }, undefined, { remoteAddress: uniqueIp() });
      expect(res.statusCode).toBe(200);
    }
    expectLimited(
      await t.api('POST', 'forgot-password', { email: u.email }, undefined, { remoteAddress: uniqueIp() }),
      600,
    );
  });

  it.each([
    'register',
    'verify-account',
    'resend-verification-code',
    'forgot-password',
    'verify-reset-token',
    'reset-password',
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
