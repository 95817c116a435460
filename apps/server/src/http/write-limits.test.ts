import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { createTeam } from '../test/teams.js';
import { loadConfig } from '../config.js';

/** The production defaults (the test harness raises them for bulk set-up). */
const defaults = loadConfig({ DATA_DIR: tmpdir(), APP_SECRET: 'x'.repeat(32) });
const USER_WRITES_PER_MINUTE = defaults.LIMIT_WRITES_PER_MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    LIMIT_WRITES_PER_MINUTE: String(defaults.LIMIT_WRITES_PER_MINUTE),
    LIMIT_TEAMS_PER_MINUTE: String(defaults.LIMIT_TEAMS_PER_MINUTE),
    LIMIT_TEAMS_PER_DAY: String(defaults.LIMIT_TEAMS_PER_DAY),
  });
});
afterAll(() => t.close());

describe('per-user write limits', () => {
  it(`a user creates ${defaults.LIMIT_TEAMS_PER_MINUTE} engagements a minute, then gets 429 with Retry-After; others are not affected`, async () => {
    const flooder = await buildUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < defaults.LIMIT_TEAMS_PER_MINUTE + 2; i++)
      statuses.push((await t.api('POST', 'user/team', { name: `Team ${i}` }, flooder.token)).statusCode);
    expect(statuses).toEqual([...Array<number>(defaults.LIMIT_TEAMS_PER_MINUTE).fill(201), 429, 429]);
    const refused = await t.api('POST', 'user/team', { name: 'One more' }, flooder.token);
    expect(refused.json()).toEqual({ message: Messages.tooManyRequests, code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another coach, same moment: fine.
    const other = await buildUser(t);
    expect((await t.api('POST', 'user/team', { name: 'Calm Team' }, other.token)).statusCode).toBe(201);
  });

  it(`all writes of one user share a budget of ${USER_WRITES_PER_MINUTE} a minute; reads are not counted`, async () => {
    const user = await buildUser(t);
    const team = await createTeam(t, user); // one write
    const write = () =>
      t
        .api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: true }, user.token)
        .then((r) => r.statusCode);
    const statuses: number[] = [];
    for (let i = 1; i < USER_WRITES_PER_MINUTE; i++) statuses.push(await write());
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await write()).toBe(429);
    expect((await t.api('GET', 'user/teams', undefined, user.token)).statusCode).toBe(200);
  });

  it('rejected input does not use up the budget', async () => {
    const user = await buildUser(t);
    const team = await createTeam(t, user);
    for (let i = 0; i < USER_WRITES_PER_MINUTE + 5; i++) {
      const res = await t.api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: 'maybe' }, user.token);
      expect(res.statusCode).toBe(422);
    }
    const ok = await t.api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: true }, user.token);
    expect(ok.statusCode).toBe(200);
  });
});
