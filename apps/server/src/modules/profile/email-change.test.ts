import { beforeAll, describe, expect, it } from 'vitest';
import { Messages, ProfileMessages, Timing, type TeamDto } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import {
  buildUser,
  expectInvalid,
  freshIpApi,
  lastMailedCode,
  login,
  loginToken,
  mailsTo,
  otherCode,
  profileStatus,
  uniqueEmail,
  type SignedUpUser,
} from '../../test/factories.js';
import { createTeam, invite, join, pendingCode, pendingOf } from '../../test/teams.js';
import { hashToken, newBearerToken } from '../auth/secrets.js';

/**
 * Issue 20, finding 1: the account's e-mail changes only with the current password and the code
 * sent to the new address (decisions.md); invitations follow verified addresses only.
 */
const t = useTestApp();
const api = freshIpApi(() => t);
let coach: SignedUpUser;
let team: TeamDto;

beforeAll(async () => {
  coach = await buildUser(t, { first_name: 'Cora', last_name: 'Coach' });
  team = await createTeam(t, coach, 'Mail Lab');
});

const me = async (user: SignedUpUser, token = user.token) => {
  const res = await api('GET', 'user/profile', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { email: string; email_verified_at: string | null } }>().data;
};
const bio = (user: SignedUpUser, email: string) =>
  api(
    'POST',
    'user/profile/bio',
    { first_name: 'Renamed', last_name: user.last_name, email, location: 'Oslo' },
    user.token,
  );
const requestChange = (user: SignedUpUser, email: string, current_password = user.password, token = user.token) =>
  api('POST', 'user/profile/email', { email, current_password }, token);
const confirmChange = (token: string, verification_code: string) =>
  api('POST', 'user/profile/email/confirm', { verification_code }, token);

describe('POST user/profile/bio with another e-mail', () => {
  it('saves the other fields, keeps the e-mail and says how to change it', async () => {
    const user = await buildUser(t);
    const wanted = uniqueEmail('wanted');
    const res = await bio(user, wanted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ProfileMessages.emailNeedsConfirmation);
    expect(res.json().data).toMatchObject({ first_name: 'Renamed', email: user.email, profile: { location: 'Oslo' } });
    expect((await me(user)).email).toBe(user.email);
    // The old address still signs in, the unproven one does not.
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    expect((await login(t, wanted, user.password)).statusCode).toBe(422);
    expect(await mailsTo(t, wanted)).toEqual([]);
  });

  it("another account's e-mail is neither taken nor told apart from a free one", async () => {
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    const res = await bio(user, other.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ProfileMessages.emailNeedsConfirmation);
    expect((await me(user)).email).toBe(user.email);
  });
});

describe('the takeover of issue 20', () => {
  it("bio with someone's invited address: no invitation listed, its code does not join, the invitee can still register", async () => {
    const attacker = await buildUser(t);
    const invitee = uniqueEmail('invitee');
    expect((await invite(t, team.id, [invitee], coach.token)).statusCode).toBe(200);
    const code = await pendingCode(t, team.id, invitee);
    expect((await bio(attacker, invitee)).statusCode).toBe(200);
    expect((await pendingOf(t, attacker)).data).toEqual([]);
    const joined = await join(t, code, attacker.token);
    expect(joined.statusCode, joined.body).toBe(422);
    expect((await buildUser(t, { email: invitee })).email).toBe(invitee);
  });
});

describe('POST user/profile/email', () => {
  it('needs a signed-in user', async () => {
    const res = await api('POST', 'user/profile/email', { email: uniqueEmail(), current_password: 'x' });
    expect(res.statusCode).toBe(401);
    expect((await api('POST', 'user/profile/email/confirm', { verification_code: '123456' })).statusCode).toBe(401);
  });

  it('a wrong current password: 422 on current_password, no code mailed', async () => {
    const user = await buildUser(t);
    const wanted = uniqueEmail('wanted');
    expectInvalid(
      await requestChange(user, wanted, 'not-my-password'),
      'current_password',
      ProfileMessages.currentPasswordWrong,
    );
    expectInvalid(
      await api('POST', 'user/profile/email', { email: wanted }, user.token),
      'current_password',
      ProfileMessages.currentPasswordRequired,
    );
    expect(await mailsTo(t, wanted)).toEqual([]);
    expect((await me(user)).email).toBe(user.email);
  });

  it("an address of another account: 422 on email (only after the right password); one's own: 422", async () => {
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    const before = (await mailsTo(t, other.email)).length;
    expectInvalid(await requestChange(user, other.email.toUpperCase()), 'email', Messages.emailTaken);
    expectInvalid(
      await requestChange(user, other.email, 'wrong-one'),
      'current_password',
      ProfileMessages.currentPasswordWrong,
    );
    expect(await mailsTo(t, other.email)).toHaveLength(before);
    expectInvalid(await requestChange(user, user.email), 'email', ProfileMessages.emailUnchanged);
  });

  it('mails a 6-digit code to the new address only; the account keeps its e-mail until it is confirmed', async () => {
    const user = await buildUser(t);
    const oldMails = (await mailsTo(t, user.email)).length;
    const wanted = uniqueEmail('wanted');
    const res = await requestChange(user, wanted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: ProfileMessages.emailCodeSent });
    const mails = await mailsTo(t, wanted);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toMatch(/\b\d{6}\b/);
    // The subject carries no text the user typed.
    expect(mails[0]!.subject).not.toContain(wanted);
    expect(mails[0]!.subject).not.toContain(user.first_name);
    expect(await mailsTo(t, user.email)).toHaveLength(oldMails);
    expect((await me(user)).email).toBe(user.email);
    expect((await login(t, wanted, user.password)).statusCode).toBe(422);
  });

  it('until confirmed, invitations to the new address are not listed and their code does not join', async () => {
    const user = await buildUser(t);
    const wanted = uniqueEmail('invited');
    expect((await invite(t, team.id, [wanted], coach.token)).statusCode).toBe(200);
    const code = await pendingCode(t, team.id, wanted);
    expect((await requestChange(user, wanted)).statusCode).toBe(200);

    expect((await pendingOf(t, user)).data).toEqual([]);
    const joined = await join(t, code, user.token);
    expect(joined.statusCode, joined.body).toBe(422);
    expect(joined.json().errors).toEqual({ invitation_code: [Messages.joinCodeInvalid] });

    // Once the new address is proven, they are the account's.
    expect((await confirmChange(user.token, await lastMailedCode(t, wanted))).statusCode).toBe(200);
    expect((await pendingOf(t, user)).data.map((i) => i.invitation_code)).toEqual([code]);
    expect((await join(t, code, user.token)).statusCode).toBe(200);
  });

  it('asking again replaces the pending code and address', async () => {
    const user = await buildUser(t);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await requestChange(user, first)).statusCode).toBe(200);
    const firstCode = await lastMailedCode(t, first);
    expect((await requestChange(user, second)).statusCode).toBe(200);
    const secondCode = await lastMailedCode(t, second);
    if (firstCode !== secondCode) {
      expectInvalid(await confirmChange(user.token, firstCode), 'verification_code', Messages.codeInvalid);
    }
    expect((await confirmChange(user.token, secondCode)).statusCode).toBe(200);
    expect((await me(user)).email).toBe(second);
  });
});

describe('POST user/profile/email/confirm', () => {
  it('a wrong code changes nothing; an expired one neither', async () => {
    const user = await buildUser(t);
    const wanted = uniqueEmail('wanted');
    expect((await requestChange(user, wanted)).statusCode).toBe(200);
    const code = await lastMailedCode(t, wanted);
    expectInvalid(await confirmChange(user.token, otherCode(code)), 'verification_code', Messages.codeInvalid);
    expect((await me(user)).email).toBe(user.email);
    await t.db.kysely
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'email')
      .execute();
    expectInvalid(await confirmChange(user.token, code), 'verification_code', Messages.codeInvalid);
    expect((await me(user)).email).toBe(user.email);
  });

  it('wrong codes are bounded per account and source: the 6th from one address is 429, the owner elsewhere gets in', async () => {
    const user = await buildUser(t);
    const wanted = uniqueEmail('guessed');
    expect((await requestChange(user, wanted)).statusCode).toBe(200);
    const code = await lastMailedCode(t, wanted);
    const guess = () =>
      t.api('POST', 'user/profile/email/confirm', { verification_code: otherCode(code) }, user.token, {
        remoteAddress: '10.250.0.1',
      });
    for (let i = 0; i < Timing.failuresPerSource; i++) expect((await guess()).statusCode).toBe(422);
    expect((await guess()).statusCode).toBe(429);
    expect((await confirmChange(user.token, code)).statusCode).toBe(200);
    expect((await me(user)).email).toBe(wanted);
  });

  it('codes are mailed at most 5 times in 10 minutes per account', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 5; i++) expect((await requestChange(user, uniqueEmail('often'))).statusCode).toBe(200);
    const refused = await requestChange(user, uniqueEmail('often'));
    expect(refused.statusCode).toBe(429);
  });

  it('without a pending change any code is invalid', async () => {
    const user = await buildUser(t);
    expectInvalid(await confirmChange(user.token, '123456'), 'verification_code', Messages.codeInvalid);
  });

  it('changes the e-mail, tells the old address, ends every other session and keeps this one', async () => {
    const user = await buildUser(t);
    const other = await loginToken(t, user.email, user.password);
    const stranger = await buildUser(t);
    const wanted = uniqueEmail('moved');
    // The other session is cached before the change: eviction, not the cache's TTL, ends it.
    expect(await profileStatus(t, other)).toBe(200);
    expect((await requestChange(user, wanted)).statusCode).toBe(200);
    const oldMails = (await mailsTo(t, user.email)).length;

    const res = await confirmChange(user.token, await lastMailedCode(t, wanted));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: user.id, email: wanted }, message: ProfileMessages.emailChanged });
    expect(res.json().data.email_verified_at).toEqual(expect.any(String));

    expect(await profileStatus(t, user.token)).toBe(200);
    expect((await me(user)).email).toBe(wanted);
    expect(await profileStatus(t, other)).toBe(401);
    expect(await profileStatus(t, stranger.token)).toBe(200);

    const notices = (await mailsTo(t, user.email)).slice(oldMails);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('The e-mail address of your Rally account was changed');
    expect(notices[0]!.text_body).not.toContain(wanted);

    // The new address signs in; the old one no longer does, nor does its password reset.
    expect((await login(t, wanted, user.password)).statusCode).toBe(200);
    expect((await login(t, user.email, user.password)).statusCode).toBe(422);
    // The code is spent.
    expectInvalid(
      await confirmChange(user.token, await lastMailedCode(t, wanted)),
      'verification_code',
      Messages.codeInvalid,
    );
  });

  it('an address taken while the code waited: 422 on email, nothing changes', async () => {
    const user = await buildUser(t);
    const wanted = uniqueEmail('raced');
    expect((await requestChange(user, wanted)).statusCode).toBe(200);
    const code = await lastMailedCode(t, wanted);
    await buildUser(t, { email: wanted });
    expectInvalid(await confirmChange(user.token, code), 'email', Messages.emailTaken);
    expect((await me(user)).email).toBe(user.email);
  });
});

describe('invitations match verified addresses only', () => {
  it('an account whose e-mail is not verified sees no invitation and joins with none', async () => {
    const user = await buildUser(t);
    expect((await invite(t, team.id, [user.email], coach.token)).statusCode).toBe(200);
    const code = await pendingCode(t, team.id, user.email);
    expect((await pendingOf(t, user)).data).toHaveLength(1);
    // As if the address had never been proven (e.g. an account from before verification existed).
    await t.db.kysely.updateTable('users').set({ email_verified_at: null }).where('id', '=', user.id).execute();
    const token = await loginTokenIgnoringVerification(user);
    expect((await pendingOf(t, { ...user, token })).data).toEqual([]);
    const joined = await join(t, code, token);
    expect(joined.statusCode, joined.body).toBe(422);
    expect(
      (await api('POST', 'user/team/invitations/reject', { invitation_code: code, reject_reason: 'Not now' }, token))
        .statusCode,
    ).toBe(422);
  });
});

/** A new session of an unverified account: login refuses those, so the token is written by hand. */
async function loginTokenIgnoringVerification(user: SignedUpUser): Promise<string> {
  const token = newBearerToken();
  const now = new Date().toISOString();
  await t.db.kysely
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now })
    .execute();
  return token;
}
