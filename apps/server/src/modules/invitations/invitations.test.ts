import { beforeAll, describe, expect, it } from 'vitest';
import { Messages, type InvitationDto, type TeamDto } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid, mailsTo, uniqueEmail, type SignedUpUser } from '../../test/factories.js';
import { addMembers, createTeam, invite, join, membersOf, pendingCode, pendingOf } from '../../test/teams.js';

const t = useTestApp();
let coach: SignedUpUser;
let member: SignedUpUser;
/** One team for the cases that only add invitations; cases that need a clean slate make their own. */
let team: TeamDto;

beforeAll(async () => {
  [coach, member] = await Promise.all([buildUser(t, { first_name: 'Cora', last_name: 'Coach' }), buildUser(t)]);
  team = await createTeam(t, coach, 'Invite Lab');
  await addMembers(t, team.id, coach, [member]);
});

const invitationRows = (teamId: number, email: string) =>
  t.db.kysely.selectFrom('invitations').selectAll().where('team_id', '=', teamId).where('email', '=', email).execute();

const reject = (code: string, token: string) =>
  t.api('POST', 'user/team/invitations/reject', { invitation_code: code, reject_reason: 'Not now' }, token);

/** The one link in a mail body. */
const linkIn = (text: string) => {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return new URL(links[0]!);
};

describe('invite validation', () => {
  it.each([
    ['an empty list', { emails: [] }, 'emails', Messages.inviteEmpty],
    ['no list at all', {}, 'emails', Messages.inviteEmpty],
    ['a blank entry', { emails: ['ok@example.test', '  '] }, 'emails.1', Messages.emailRequired],
    ['a bad address', { emails: ['ok@example.test', 'not-an-email'] }, 'emails.1', Messages.emailInvalid],
    [
      '51 addresses',
      { emails: Array.from({ length: 51 }, (_, i) => `p${i}@example.test`) },
      'emails',
      Messages.inviteTooMany,
    ],
  ])('%s → 422', async (_label, body, field, message) => {
    const res = await t.api('POST', `user/team/${team.id}/invite`, body, coach.token);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toEqual([message]);
    expect(
      await t.db.kysely.selectFrom('invitations').select('id').where('email', '=', 'ok@example.test').execute(),
    ).toEqual([]);
  });

  it('50 addresses at once are fine', async () => {
    const emails = Array.from({ length: 50 }, () => uniqueEmail('fifty'));
    const res = await invite(t, team.id, emails, coach.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { invited: emails, already_members: [] }, message: Messages.invitationsSent });
  });
});

describe('inviting', () => {
  it('ignores duplicates, whatever their case or spaces', async () => {
    const email = uniqueEmail('dup');
    const res = await invite(t, team.id, [email, email.toUpperCase(), `  ${email}  `], coach.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ invited: [email], already_members: [] });
    expect(await invitationRows(team.id, email)).toHaveLength(1);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('skips existing members (in any case) into already_members and mails them nothing', async () => {
    const email = uniqueEmail('new');
    const mailsBefore = (await mailsTo(t, member.email)).length;
    const rowsBefore = await invitationRows(team.id, member.email);
    const res = await invite(t, team.id, [member.email.toUpperCase(), email, coach.email], coach.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ invited: [email], already_members: [member.email, coach.email] });
    expect(await invitationRows(team.id, member.email)).toEqual(rowsBefore);
    expect(await invitationRows(team.id, coach.email)).toEqual([]);
    expect(await mailsTo(t, member.email)).toHaveLength(mailsBefore);
  });

  it('a second invite within a day keeps the invitation and mails nothing; a day later it mails the same code', async () => {
    const email = uniqueEmail('again');
    await invite(t, team.id, [email], coach.token);
    // Re-inviting, as a spammer would, 20 times: the call succeeds, the address gets one mail.
    for (let i = 0; i < 20; i++) {
      const res = await invite(t, team.id, [email], coach.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        data: { invited: [email], already_members: [] },
        message: Messages.invitationsSent,
      });
    }
    const rows = await invitationRows(team.id, email);
    expect(rows).toHaveLength(1);
    expect(await mailsTo(t, email)).toHaveLength(1);
    // A day after its last mail the invitation may be mailed again, once.
    await t.db.kysely
      .updateTable('invitations')
      .set({ last_mailed_at: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString() })
      .where('id', '=', rows[0]!.id)
      .execute();
    await invite(t, team.id, [email], coach.token);
    await invite(t, team.id, [email], coach.token);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.text_body).toContain(rows[0]!.code);
  });

  it('the same address invited to another team is mailed for that team', async () => {
    const email = uniqueEmail('two-teams');
    const other = await createTeam(t, coach, 'Second Lab');
    await invite(t, team.id, [email], coach.token);
    await invite(t, other.id, [email], coach.token);
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('two invites at the same moment still make one invitation', async () => {
    const email = uniqueEmail('twice');
    const results = await Promise.all([
      invite(t, team.id, [email], coach.token),
      invite(t, team.id, [email], coach.token),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await invitationRows(team.id, email)).toHaveLength(1);
  });

  it('codes are 12 letters and digits, different for every invitation', async () => {
    const emails = [uniqueEmail('c1'), uniqueEmail('c2'), uniqueEmail('c3')];
    await invite(t, team.id, emails, coach.token);
    const codes = await Promise.all(emails.map((e) => pendingCode(t, team.id, e)));
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{12}$/);
    expect(new Set(codes).size).toBe(3);
  });
});

describe('the invitation e-mail', () => {
  it('sends a person without an account to sign up, with their address and the code', async () => {
    const email = uniqueEmail('noaccount');
    await invite(t, team.id, [email], coach.token);
    const code = await pendingCode(t, team.id, email);
    const [mail] = await mailsTo(t, email);
    expect(mail!.subject).toBe("You're invited to a team on Rally");
    expect(mail!.text_body).toContain('"Invite Lab"');
    expect(mail!.text_body).toContain('"Cora Coach"');
    expect(mail!.text_body).toContain(code);
    const link = linkIn(mail!.text_body);
    expect(link.origin).toBe('http://rally.test');
    expect(link.pathname).toBe('/register');
    expect(Object.fromEntries(link.searchParams)).toEqual({ email, redirect: `/engagements?invitation_code=${code}` });
  });

  it('sends a person with an account to their engagements', async () => {
    const existing = await buildUser(t);
    await invite(t, team.id, [existing.email], coach.token);
    const code = await pendingCode(t, team.id, existing.email);
    const mail = (await mailsTo(t, existing.email)).at(-1)!;
    expect(mail.text_body).toContain(code);
    const link = linkIn(mail.text_body);
    expect(link.pathname).toBe('/engagements');
    expect(link.searchParams.get('invitation_code')).toBe(code);
    expect(link.searchParams.has('email')).toBe(false);
  });
});

describe('pending, join and reject', () => {
  it('a person invited before signing up finds the invitation pending and joins with it', async () => {
    const email = uniqueEmail('later');
    await invite(t, team.id, [email.toUpperCase()], coach.token);
    const newcomer = await buildUser(t, { email, first_name: 'Nell' });
    const pending = await pendingOf(t, newcomer);
    expect(pending.meta.total).toBe(1);
    const [inv] = pending.data;
    expect(inv).toMatchObject({
      invitation_code: await pendingCode(t, team.id, email),
      invitor: { id: coach.id, full_name: 'Cora Coach' },
      team: { id: team.id, name: 'Invite Lab' },
    });

    const res = await join(t, inv!.invitation_code, newcomer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(Messages.acceptedInvitation('Invite Lab'));
    expect(res.json().data).toMatchObject({ id: team.id, role_id: 4 });
    expect((await pendingOf(t, newcomer)).meta.total).toBe(0);
    expect((await membersOf(t, team.id, coach)).map((m) => m.id)).toContain(newcomer.id);
  });

  it('join accepts the code in any case, and never twice', async () => {
    const user = await buildUser(t);
    await invite(t, team.id, [user.email], coach.token);
    const code = await pendingCode(t, team.id, user.email);
    const res = await join(t, ` ${code.toLowerCase()} `, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: team.id, role_id: 4 });

    const again = await join(t, code, user.token);
    expectInvalid(again, 'invitation_code', Messages.joinCodeInvalid);
    expect((await membersOf(t, team.id, coach)).filter((m) => m.id === user.id)).toHaveLength(1);
  });

  it('the same code sent twice at the same moment joins once', async () => {
    const user = await buildUser(t);
    await invite(t, team.id, [user.email], coach.token);
    const code = await pendingCode(t, team.id, user.email);
    const results = await Promise.all([join(t, code, user.token), join(t, code, user.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('a member who still holds a pending invitation gets 409', async () => {
    // E.g. an invitation made for their address before they were added another way.
    const code = 'HELD1234CODE';
    await t.db.kysely
      .insertInto('invitations')
      .values({
        team_id: team.id,
        invitor_id: coach.id,
        email: member.email,
        code,
        status: 'pending',
        reject_reason: null,
        created_at: new Date().toISOString(),
        responded_at: null,
      })
      .execute();
    const res = await join(t, code, member.token);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: Messages.alreadyMember, code: 'already_member' });
    expect((await membersOf(t, team.id, coach)).filter((m) => m.id === member.id)).toEqual([
      expect.objectContaining({ role_id: 4 }),
    ]);
  });

  it('a code sent to another e-mail is invalid (and stays usable by its owner)', async () => {
    const [intended, thief] = await Promise.all([buildUser(t), buildUser(t)]);
    await invite(t, team.id, [intended.email], coach.token);
    const code = await pendingCode(t, team.id, intended.email);

    const stolen = await join(t, code, thief.token);
    expect(stolen.statusCode, stolen.body).toBe(422);
    expect(stolen.json().message).toBe(Messages.joinCodeInvalid);
    expect(stolen.body).not.toContain('Invite Lab');
    expect((await reject(code, thief.token)).statusCode).toBe(422);
    expect((await pendingOf(t, thief)).meta.total).toBe(0);

    expect((await join(t, code, intended.token)).statusCode).toBe(200);
  });

  it('an unknown code is invalid; a code with symbols fails validation', async () => {
    const unknown = await join(t, 'ZZZZZZZZZZZZ', member.token);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(Messages.joinCodeInvalid);
    const symbols = await join(t, 'abc-123!', member.token);
    expect(symbols.statusCode).toBe(422);
    expect(symbols.json().errors.invitation_code).toEqual([Messages.lettersDigitsSpaces]);
    const empty = await join(t, '', member.token);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(Messages.joinCodeRequired);
    // The contract's schema also adds the letters-and-digits rule for an empty code (reported).
    expect(empty.json().errors.invitation_code[0]).toBe(Messages.joinCodeRequired);
  });

  it('reject removes the invitation from pending; a rejected code neither joins nor rejects again', async () => {
    const user = await buildUser(t);
    await invite(t, team.id, [user.email], coach.token);
    const [inv] = (await pendingOf(t, user)).data;

    const res = await reject(inv!.invitation_code.toLowerCase(), user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await pendingOf(t, user)).meta.total).toBe(0);
    const [row] = await invitationRows(team.id, user.email);
    expect(row).toMatchObject({ status: 'rejected', reject_reason: 'Not now' });

    expect((await join(t, inv!.invitation_code, user.token)).json().message).toBe(Messages.joinCodeInvalid);
    expect((await reject(inv!.invitation_code, user.token)).statusCode).toBe(422);
    expect((await membersOf(t, team.id, coach)).map((m) => m.id)).not.toContain(user.id);

    // Invited again later: a new invitation with a new code.
    await invite(t, team.id, [user.email], coach.token);
    const [next] = (await pendingOf(t, user)).data;
    expect(next!.invitation_code).not.toBe(inv!.invitation_code);
  });

  it('a used code cannot be rejected', async () => {
    const user = await buildUser(t);
    await invite(t, team.id, [user.email], coach.token);
    const code = await pendingCode(t, team.id, user.email);
    expect((await join(t, code, user.token)).statusCode).toBe(200);
    const res = await reject(code, user.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(Messages.joinCodeInvalid);
  });

  it('pending is paged by 20, newest first', async () => {
    const invitee = await buildUser(t);
    // 25 teams, each with an invitation for the invitee, written directly (inviting is tested above).
    const now = new Date().toISOString();
    const k = t.db.kysely;
    const teams = (
      await k
        .insertInto('teams')
        .values(
          Array.from({ length: 25 }, (_, i) => ({
            name: `Paging Team ${i}`,
            avatar: null,
            owner_id: coach.id,
            is_personal: 0,
            level_of_engagement_id: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    await k
      .insertInto('invitations')
      .values(
        teams.map((team_id, i) => ({
          team_id,
          invitor_id: coach.id,
          email: invitee.email,
          code: `PAGE${String(i).padStart(8, '0')}`,
          status: 'pending',
          reject_reason: null,
          created_at: now,
          responded_at: null,
        })),
      )
      .execute();
    const page1 = await pendingOf(t, invitee, 1);
    expect(page1.data).toHaveLength(20);
    expect(page1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    const page2 = await pendingOf(t, invitee, 2);
    expect(page2.data).toHaveLength(5);
    expect(page2.meta).toMatchObject({ current_page: 2, last_page: 2, total: 25 });
    const seen = [...page1.data, ...page2.data].map((i: InvitationDto) => i.team.id);
    expect(seen).toEqual([...teams].reverse());

    const big = await t.api('GET', 'user/team/invitations/pending?page=1&per_page=50', undefined, invitee.token);
    expect(big.json().data).toHaveLength(25);
    expect(big.json().meta).toMatchObject({ last_page: 1, per_page: 50 });
    expect((await t.api('GET', 'user/team/invitations/pending?per_page=51', undefined, invitee.token)).statusCode).toBe(
      422,
    );
    expect((await t.api('GET', 'user/team/invitations/pending?page=0', undefined, invitee.token)).statusCode).toBe(422);
  });

  it("another person's pending invitations are not in mine", async () => {
    const [a, b] = await Promise.all([buildUser(t), buildUser(t)]);
    await invite(t, team.id, [a.email], coach.token);
    expect((await pendingOf(t, a)).meta.total).toBe(1);
    expect((await pendingOf(t, b)).meta.total).toBe(0);
  });
});
