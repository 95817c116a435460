import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';

describe('account smoke', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('signs up, verifies, reads the profile and signs out', async () => {
    const user = await buildUser(t);
    const me = await t.api('GET', 'user/profile', undefined, user.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: user.email, full_name: 'Ada Lovelace' });
    expect((await t.api('POST', 'logout', undefined, user.token)).statusCode).toBe(200);
    expect((await t.api('GET', 'user/profile', undefined, user.token)).statusCode).toBe(401);
  });
});
