/**
 * Multi-row writes are one transaction. A failure injected at the last write (a database trigger
 * that raises, standing in for a crash at that moment) must leave nothing half-written.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { useTestApp, type TestApp } from '../../test/app.js';
import { buildUser, lastMailedCode, login, userInput, uniqueEmail, uniqueIp } from '../../test/factories.js';

const t = useTestApp();

/** Makes `event` on `table` fail whenever `condition` holds, until the returned function is called. */
async function failWhen(t: TestApp, table: string, event: 'insert' | 'delete', condition: string) {
  const name = `fail_${table}_${event}`;
  const row = event === 'insert' ? 'new' : 'old';
  if (t.db.dialect === 'postgres') {
    await sql
      .raw(
        `create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`,
      )
      .execute(t.db.kysely);
    await sql
      .raw(
        `create trigger ${name} before ${event} on ${table} for each row
      when (${condition.replaceAll('ROW', row)}) execute function ${name}()`,
      )
      .execute(t.db.kysely);
    return async () => {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(t.db.kysely);
    };
  }
  await sql
    .raw(
      `create trigger ${name} before ${event} on ${table}
    when ${condition.replaceAll('ROW', row)} begin select raise(abort, 'injected failure'); end`,
    )
    .execute(t.db.kysely);
  return async () => {
    await sql.raw(`drop trigger ${name}`).execute(t.db.kysely);
  };
}

const register = (email: string) => {
  const input = userInput({ email });
  return t.api('POST', 'register', { ...input, password_confirmation: input.password }, undefined, {
    remoteAddress: uniqueIp(),
  });
};

describe('sign-up is one transaction', () => {
  it('a failure at its last write (the mail) leaves no account, so the person can simply sign up again', async () => {
    const email = uniqueEmail('atomic');
    const heal = await failWhen(t, 'mail_outbox', 'insert', `ROW.to_address = '${email}'`);
    const failed = await register(email);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).toBe(Messages.serverError);
    const rows = await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
    await heal();

    const again = await register(email);
    expect(again.statusCode, again.body).toBe(201);
    const userId = again.json().data.id as number;
    const trial = await t.db.kysely.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
    expect(trial.map((s) => [s.plan, s.stripe_status])).toEqual([['Premium', 'trialing']]);
    expect(await lastMailedCode(t, email)).toMatch(/^\d{6}$/);
  });
});

describe('password reset is one transaction', () => {
  it('a failure while ending the sessions keeps the old password, the sessions and the code', async () => {
    const u = await buildUser(t);
    expect(
      (await t.api('POST', 'forgot-password', { email: u.email }, undefined, { remoteAddress: uniqueIp() })).statusCode,
    ).toBe(200);
    const code = await lastMailedCode(t, u.email);
    const heal = await failWhen(t, 'auth_tokens', 'delete', `ROW.user_id = ${u.id}`);
    const reset = (password: string) =>
      t.api(
        'POST',
        'reset-password',
        { email: u.email, token: code, password, password_confirmation: password },
        undefined,
        { remoteAddress: uniqueIp() },
      );
    expect((await reset('brand-new-pass')).statusCode).toBe(500);
    await heal();
    // Nothing changed: the old password works, the session stands, the code was not spent.
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    expect((await t.api('GET', 'user/profile', undefined, u.token)).statusCode).toBe(200);
    expect((await reset('brand-new-pass')).statusCode).toBe(200);
    expect((await login(t, u.email, 'brand-new-pass')).statusCode).toBe(200);
  });
});
