import { expect } from 'vitest';
import type { TestApp } from './app.js';

let seq = 0;
/** A fresh, unique e-mail address for one test. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++seq}@example.test`;

/** The last code mailed to an address, read from the outbox like a person reads their mail. */
export async function lastMailedCode(t: TestApp, email: string): Promise<string> {
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

export interface SignedUpUser {
  id: number;
  email: string;
  password: string;
  token: string;
  first_name: string;
  last_name: string;
}

/** Registers and verifies a user through the real API; returns their bearer token. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {},
): Promise<SignedUpUser> {
  const input = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail(),
    password: 'secret-pass',
    ...overrides,
  };
  const reg = await t.api('POST', 'register', { ...input, password_confirmation: input.password });
  expect(reg.statusCode, reg.body).toBe(201);
  const code = await lastMailedCode(t, input.email);
  const verified = await t.api('POST', 'verify-account', { email: input.email, verification_code: code });
  expect(verified.statusCode, verified.body).toBe(200);
  const user = verified.json<{ data: { id: number; token: string } }>().data;
  return { ...input, id: user.id, token: user.token };
}
