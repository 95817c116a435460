import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CodePurpose } from '../db/schema.js';
import type { TestApp } from './app.js';

let seq = 0;
/** A fresh, unique e-mail address for one test. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++seq}@example.test`;

// From a random start: test workers run side by side, as do other runs on a shared Redis, and
// some failure counters there are keyed by address and user id (both repeat across apps).
let ipSeq = randomInt(1 << 24);
/** A fresh client address, so per-IP rate limits of one call do not leak into another. */
export const uniqueIp = () => {
  const n = ++ipSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * The test app's `api`, but each call from a fresh client address (unless one is given), so that
 * tests sharing one app never share a per-IP rate-limit bucket.
 */
export const freshIpApi =
  (t: () => TestApp): TestApp['api'] =>
  (method, url, body, token, extra = {}) =>
    t().api(method, url, body, token, { remoteAddress: uniqueIp(), ...extra });

/** Every mail sent to an address, oldest first (after the work queued by earlier calls). */
export async function mailsTo(t: TestApp, email: string) {
  await t.app.queue.idle();
  return t.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'asc')
    .execute();
}

/** The last code mailed to an address, read from the outbox like a person reads their mail. */
export async function lastMailedCode(t: TestApp, email: string): Promise<string> {
  // forgot-password mails its code after answering.
  await t.app.queue.idle();
  const mail = await t.db.kysely
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  expect(code, 'a 6-digit code in the mail').toBeDefined();
  return code!;
}

/** A 422 whose message, and the one message of `field`, is `message`. */
export function expectInvalid(res: LightMyRequestResponse, field: string, message: string): void {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ message, errors: { [field]: [message] } });
}

/** A six-digit code that differs from `code` (a guess that is surely wrong). */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves every open code of a user (of one purpose) into the past. */
export async function expireCodes(t: TestApp, email: string, purpose: CodePurpose): Promise<void> {
  const user = await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const res = await t.db.kysely
    .updateTable('one_time_codes')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', '=', user.id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  expect(Number(res.numUpdatedRows), `a ${purpose} code to expire`).toBeGreaterThan(0);
}

export interface UserInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

/** Valid registration input, with a unique e-mail. */
export const userInput = (overrides: Partial<UserInput> = {}): UserInput => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: uniqueEmail(),
  password: 'secret-pass',
  ...overrides,
});

/** Registers an account through the API and leaves it unverified; returns its input and mailed code. */
export async function registerUser(
  t: TestApp,
  overrides: Partial<UserInput> = {},
): Promise<UserInput & { id: number; code: string }> {
  const input = userInput(overrides);
  const reg = await t.api('POST', 'register', { ...input, password_confirmation: input.password }, undefined, {
    remoteAddress: uniqueIp(),
  });
  expect(reg.statusCode, reg.body).toBe(201);
  return { ...input, id: reg.json<{ data: { id: number } }>().data.id, code: await lastMailedCode(t, input.email) };
}

export interface SignedUpUser {
  id: number;
  email: string;
  password: string;
  token: string;
  first_name: string;
  last_name: string;
}

/** Registers and verifies a user through the real API; returns their bearer token. */
export async function buildUser(t: TestApp, overrides: Partial<UserInput> = {}): Promise<SignedUpUser> {
  const { code, id: _id, ...input } = await registerUser(t, overrides);
  const verified = await t.api('POST', 'verify-account', { email: input.email, verification_code: code }, undefined, {
    remoteAddress: uniqueIp(),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const user = verified.json<{ data: { id: number; token: string } }>().data;
  return { ...input, id: user.id, token: user.token };
}

/** Signs in from a fresh address; returns the raw response. */
export const login = (t: TestApp, email: string, password: string, remoteAddress = uniqueIp()) =>
  t.api('POST', 'login', { email, password }, undefined, { remoteAddress });

/** Signs in and returns the new bearer token (fails the test otherwise). */
export async function loginToken(t: TestApp, email: string, password: string): Promise<string> {
  const res = await login(t, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

/** The status of GET user/profile with a token: 200 while the session lives, 401 after. */
export const profileStatus = async (t: TestApp, token: string) =>
  (await t.api('GET', 'user/profile', undefined, token, { remoteAddress: uniqueIp() })).statusCode;

/** How many accounts exist (to show a refused call created none). */
export async function userCount(t: TestApp): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
