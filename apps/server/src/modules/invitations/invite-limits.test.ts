/**
 * Invitations are no spam channel (issue 20, ADR 0021): a user's invitation mails are capped an
 * hour and a day across teams, a call is sent whole or not at all, an address is mailed at most
 * once a day per team, and no user-typed text reaches a subject.
 */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SecurityMessages } from '@rally/contract';
import { loadConfig } from '../../config.js';
import { useTestApp, type TestApp } from '../../test/app.js';
import { buildUser, mailsTo, uniqueEmail, type SignedUpUser } from '../../test/factories.js';
import { createTeam, invite } from '../../test/teams.js';

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;
const defaults = loadConfig({ DATA_DIR: tmpdir(), APP_SECRET: 'x'.repeat(32) });

const addresses = (n: number, prefix: string) => Array.from({ length: n }, () => uniqueEmail(prefix));

/** How many invitations and outbox mails exist for these addresses. */
async function traces(t: TestApp, emails: string[]) {
  const rows = await t.db.kysely.selectFrom('invitations').select('id').where('email', 'in', emails).execute();
  const mails = (await Promise.all(emails.map((e) => mailsTo(t, e)))).flat();
  return { invitations: rows.length, mails: mails.length };
}

/** A 429 that says when to try again, in its message and its Retry-After. */
function expectCapped(res: Awaited<ReturnType<TestApp['api']>>, maxWaitSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
  expect(res.json()).toEqual({ message: SecurityMessages.inviteCapReached(retryAfter), code: 'invite_limit_reached' });
  expect(res.json().message).toMatch(/Try again in \d+ (minutes?|hours?)\./);
}

describe('the production defaults', () => {
  it('are 100 invitation mails an hour and 300 a day', () => {
    expect([defaults.LIMIT_INVITE_RECIPIENTS_PER_HOUR, defaults.LIMIT_INVITE_RECIPIENTS_PER_DAY]).toEqual([100, 300]);
  });
});

describe('the hourly cap (production values)', () => {
  const t = useTestApp({
    LIMIT_INVITE_RECIPIENTS_PER_HOUR: String(defaults.LIMIT_INVITE_RECIPIENTS_PER_HOUR),
    LIMIT_INVITE_RECIPIENTS_PER_DAY: String(defaults.LIMIT_INVITE_RECIPIENTS_PER_DAY),
  });

  it('counts one user across teams; past it a call sends nothing and says when to try again', async () => {
    const coach = await buildUser(t);
    const [a, b] = [await createTeam(t, coach), await createTeam(t, coach)];
    const first = addresses(50, 'cap-a');
    const second = addresses(49, 'cap-b');
    expect((await invite(t, a.id, first, coach.token)).statusCode).toBe(200);
    expect((await invite(t, b.id, second, coach.token)).statusCode).toBe(200);
    // 99 sent: a call of 2 would make 101, so neither goes out (all or none), nor is recorded.
    const over = addresses(2, 'cap-over');
    expectCapped(await invite(t, a.id, over, coach.token), HOUR_S);
    expect(await traces(t, over)).toEqual({ invitations: 0, mails: 0 });
    // The one that still fits does.
    const last = addresses(1, 'cap-last');
    expect((await invite(t, b.id, last, coach.token)).statusCode).toBe(200);
    expect(await traces(t, last)).toEqual({ invitations: 1, mails: 1 });
    expectCapped(await invite(t, b.id, addresses(1, 'cap-more'), coach.token), HOUR_S);
    // Re-inviting people mailed today sends nothing, so it is not refused.
    const again = await invite(t, a.id, first.slice(0, 5), coach.token);
    expect(again.statusCode, again.body).toBe(200);
    // Another inviter is not affected.
    const other = await buildUser(t);
    const theirs = await createTeam(t, other);
    expect((await invite(t, theirs.id, addresses(3, 'cap-other'), other.token)).statusCode).toBe(200);
  });
});

describe('the daily cap', () => {
  const t = useTestApp({ LIMIT_INVITE_RECIPIENTS_PER_HOUR: '100', LIMIT_INVITE_RECIPIENTS_PER_DAY: '6' });

  it('stops a user for the rest of the day, with the wait in hours', async () => {
    const coach = await buildUser(t);
    const team = await createTeam(t, coach);
    expect((await invite(t, team.id, addresses(4, 'day'), coach.token)).statusCode).toBe(200);
    const over = addresses(3, 'day-over');
    const res = await invite(t, team.id, over, coach.token);
    expectCapped(res, DAY_S);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(HOUR_S);
    expect(res.json().message).toMatch(/Try again in \d+ hours?\./);
    expect(await traces(t, over)).toEqual({ invitations: 0, mails: 0 });
    expect((await invite(t, team.id, addresses(2, 'day-fits'), coach.token)).statusCode).toBe(200);
  });
});

describe('subjects', () => {
  const t = useTestApp();

  it("an inviter's name never reaches the subject; the body names inviter and team in quotes", async () => {
    const spammer: SignedUpUser = await buildUser(t, { first_name: 'Win a prize', last_name: 'http://evil.test' });
    const team = await createTeam(t, spammer, 'Free Money Now');
    const to = uniqueEmail('target');
    expect((await invite(t, team.id, [to], spammer.token)).statusCode).toBe(200);
    const [mail] = await mailsTo(t, to);
    expect(mail!.subject).toBe("You're invited to a team on Rally");
    expect(mail!.text_body).toContain('Invited by: "Win a prize http://evil.test"');
    expect(mail!.text_body).toContain('Team: "Free Money Now"');
  });
});
