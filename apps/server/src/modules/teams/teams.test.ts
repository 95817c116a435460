import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Limits, Messages, type LevelOfEngagementDto, type TeamDto } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import {
  PNG_1X1,
  addMembers,
  buildTeam,
  createTeam,
  membersOf,
  multipart,
  pngOfSize,
  postTeamAvatar,
  teamsOf,
} from '../../test/teams.js';
import { samePixels } from '../../test/samples.js';

const t = useTestApp();
/** Four members, registered before the owner so the owner has the highest id. */
let crew: SignedUpUser[];
let owner: SignedUpUser;

beforeAll(async () => {
  crew = [];
  for (const first_name of ['Ann', 'Ben', 'Cai', 'Dee'])
    crew.push(await buildUser(t, { first_name, last_name: 'Crew' }));
  owner = await buildUser(t, { first_name: 'Olive', last_name: 'Owner' });
});

const create = (name: unknown, user = owner) => t.api('POST', 'user/team', { name }, user.token);
/** GET a file the API handed out, as the browser would (outside /api). */
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

describe('create', () => {
  it.each([
    ['missing', undefined, Messages.teamNameRequired],
    ['empty', '', Messages.teamNameRequired],
    ['only spaces', '   ', Messages.teamNameRequired],
    ['a number', 42, Messages.teamNameRequired],
    ['with punctuation', 'Blue-Team!', Messages.lettersDigitsSpaces],
    ['with markup', '<b>Team</b>', Messages.lettersDigitsSpaces],
    ['51 characters', 'a'.repeat(Limits.teamNameMax + 1), Messages.teamNameTooLong],
  ])('rejects a name that is %s (422)', async (_label, name, message) => {
    const before = (await teamsOf(t, owner)).length;
    const res = await create(name);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(message);
    // First the rule that failed first. (An empty name also gets the letters rule today: a
    // contract change is reported for that.)
    expect(res.json().errors.name[0]).toBe(message);
    expect(await teamsOf(t, owner)).toHaveLength(before);
  });

  it.each([
    ['50 characters', 'b'.repeat(Limits.teamNameMax), 'b'.repeat(Limits.teamNameMax)],
    ['letters of any script and digits', 'Équipe Zürich 2', 'Équipe Zürich 2'],
    ['padded with spaces (trimmed)', '  Blue Team  ', 'Blue Team'],
  ])('accepts a name of %s', async (_label, name, stored) => {
    const res = await create(name);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(Messages.teamCreated);
    expect(res.json().data).toMatchObject({ name: stored, role_id: 2, status: 'active', users_count: 1 });
  });
});

describe('list and team by id', () => {
  let team: TeamDto;
  beforeAll(async () => {
    team = await createTeam(t, owner, 'Shape Team');
    await addMembers(t, team.id, owner, crew.slice(0, 3), [crew[3]!]);
  });

  it('shows the first 4 users with the owner first, the count, the manager and the level', async () => {
    const listed = (await teamsOf(t, crew[0]!)).find((x) => x.id === team.id)!;
    expect(listed).toMatchObject({
      id: team.id,
      name: 'Shape Team',
      avatar: null,
      status: 'active',
      role_id: 4,
      is_personal: false,
      manager: { id: owner.id, full_name: 'Olive Owner' },
      users_count: 5,
      latest_topic: null,
      read_welcome_message: false,
      profile: { name: 'Shape Team', avatar: null, level_of_engagement: { id: 1 } },
    });
    expect(listed.users).toHaveLength(4);
    // Owner, then admins, then members by joining.
    expect(listed.users.map((u) => [u.id, u.role_id])).toEqual([
      [owner.id, 2],
      [crew[3]!.id, 3],
      [crew[0]!.id, 4],
      [crew[1]!.id, 4],
    ]);
    expect(listed.users[0]).toMatchObject({ first_name: 'Olive', last_name: 'Owner', full_name: 'Olive Owner' });
    // Member previews never carry e-mail addresses.
    expect(listed.users.every((u) => u.email === undefined)).toBe(true);
    expect(listed.members).toEqual(listed.users);
  });

  it('lists the caller’s teams newest first, each with the caller’s own role', async () => {
    const newer = await createTeam(t, crew[0]!, 'Ann Team');
    const ids = (await teamsOf(t, crew[0]!)).map((x) => [x.id, x.role_id]);
    expect(ids).toEqual([
      [newer.id, 2],
      [team.id, 4],
    ]);
  });

  it('the list is one query whether the caller has one team or many; none while it is kept', async () => {
    const [lone, busy] = [await buildUser(t), await buildUser(t)];
    await createTeam(t, lone, 'Lone Team');
    for (const name of ['One', 'Two', 'Three']) {
      const other = await createTeam(t, busy, name);
      await addMembers(t, other.id, busy, crew.slice(0, 3), []);
    }
    const one = await t.queriesOf(() => t.api('GET', 'user/teams', undefined, lone.token));
    expect(one.result.json().data).toHaveLength(1);
    const many = await t.queriesOf(() => t.api('GET', 'user/teams', undefined, busy.token));
    expect(many.result.json().data).toHaveLength(3);
    expect(one.queries).toHaveLength(1);
    expect(many.queries).toHaveLength(1);
    // Kept (ADR 0018, 0026): the cards from memory, the session too; a cold session is its one query.
    // (The event tail's next poll hears the set-up's own events again and empties the cards once: retried.)
    await vi.waitFor(
      async () => {
        const kept = await t.queriesOf(() => t.api('GET', 'user/teams', undefined, busy.token));
        expect(kept.result.json().data).toEqual(many.result.json().data);
        expect(kept.queries).toHaveLength(0);
      },
      { timeout: 2_000, interval: 20 },
    );
    t.app.sessions.clear();
    const cold = await t.queriesOf(() => t.api('GET', 'user/teams', undefined, busy.token));
    expect(cold.queries).toHaveLength(1);
    t.app.teamCards.clear();
    const afresh = await t.queriesOf(() => t.api('GET', 'user/teams', undefined, busy.token));
    expect(afresh.queries).toHaveLength(1);
  });

  it('the members list has everyone, owner first; e-mails only for the leads', async () => {
    const asAdmin = await membersOf(t, team.id, crew[3]!);
    expect(asAdmin.map((m) => [m.id, m.role_id, m.email])).toEqual([
      [owner.id, 2, owner.email],
      [crew[3]!.id, 3, crew[3]!.email],
      [crew[0]!.id, 4, crew[0]!.email],
      [crew[1]!.id, 4, crew[1]!.email],
      [crew[2]!.id, 4, crew[2]!.email],
    ]);
    const asMember = await membersOf(t, team.id, crew[1]!);
    expect(asMember.map((m) => [m.id, m.role_id, m.email])).toEqual(asAdmin.map((m) => [m.id, m.role_id, undefined]));
  });

  it('team by id is an array of one; an unknown id an empty array; a bad id 422', async () => {
    const one = await t.api('GET', `user/teams?team_id=${team.id}`, undefined, crew[2]!.token);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.map((x: TeamDto) => x.id)).toEqual([team.id]);
    expect(one.json().data[0].users_count).toBe(5);

    const none = await t.api('GET', 'user/teams?team_id=99999999', undefined, crew[2]!.token);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual([]);

    expect((await t.api('GET', 'user/teams?team_id=abc', undefined, crew[2]!.token)).statusCode).toBe(422);
  });

  it('read-welcome-message sets the caller’s own flag only', async () => {
    const res = await t.api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: 1 }, crew[1]!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ read_welcome_message: true });
    const flag = async (u: SignedUpUser) => (await teamsOf(t, u)).find((x) => x.id === team.id)!.read_welcome_message;
    expect(await flag(crew[1]!)).toBe(true);
    expect(await flag(crew[2]!)).toBe(false);
    await t.api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: false }, crew[1]!.token);
    expect(await flag(crew[1]!)).toBe(false);
    expect(
      (await t.api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: 'maybe' }, crew[1]!.token))
        .statusCode,
    ).toBe(422);
  });
});

describe('team profile', () => {
  it('a PNG avatar is stored (re-encoded, the same pixels), served at the returned URL, and replaces the old one', async () => {
    const team = await buildTeam(t, owner);
    const res = await postTeamAvatar(t, team.id, owner.token, PNG_1X1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(Messages.teamPictureUpdated);
    const url: string = res.json().data.avatar;
    // A signed, expiring read URL of the stored key (no public link).
    expect(url).toMatch(/^\/files\/teams\/\d+\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]+$/);
    expect((await fetchFile(url.split('?')[0]!)).statusCode).toBe(404);

    const served = await fetchFile(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await samePixels(served.rawPayload, PNG_1X1)).toBe(true);

    const listed = (await teamsOf(t, owner)).find((x) => x.id === team.id)!;
    // The same key (the signature changes once an hour at most).
    expect(listed.avatar?.split('?')[0]).toBe(url.split('?')[0]);
    expect(listed.profile.avatar?.split('?')[0]).toBe(url.split('?')[0]);

    const replaced = await postTeamAvatar(t, team.id, owner.token, pngOfSize(2 * 1024 * 1024));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.avatar).not.toBe(url);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect(
      await samePixels((await fetchFile(replaced.json().data.avatar)).rawPayload, pngOfSize(2 * 1024 * 1024)),
    ).toBe(true);
  });

  it('name and picture in one multipart form', async () => {
    const team = await buildTeam(t, owner);
    const res = await postTeamAvatar(t, team.id, owner.token, PNG_1X1, { name: 'Pictured Team' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Pictured Team', avatar: expect.stringMatching(/\.png\?expires=/) });
  });

  it('a text file named .png is 415 and changes nothing', async () => {
    const team = await buildTeam(t, owner);
    const res = await postTeamAvatar(t, team.id, owner.token, Buffer.from('just some text, not a picture'));
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toBe(Messages.imageInvalid);
    expect((await t.api('GET', `user/team/${team.id}/profile`, undefined, owner.token)).json().data.avatar).toBeNull();
  });

  it('a PNG header followed by HTML is 415 and changes nothing (the picture is decoded whole)', async () => {
    const team = await buildTeam(t, owner);
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');
    const res = await postTeamAvatar(t, team.id, owner.token, Buffer.concat([PNG_1X1.subarray(0, 16), html]));
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toBe(Messages.imageInvalid);
    expect((await t.api('GET', `user/team/${team.id}/profile`, undefined, owner.token)).json().data.avatar).toBeNull();
  });

  it('a picture over 5 MiB is 413', async () => {
    const team = await buildTeam(t, owner);
    const res = await postTeamAvatar(t, team.id, owner.token, pngOfSize(Limits.imageMaxBytes + 1));
    expect(res.statusCode, res.body).toBe(413);
    expect((await t.api('GET', `user/team/${team.id}/profile`, undefined, owner.token)).json().data.avatar).toBeNull();
  });

  it('a file in another field than avatar is refused', async () => {
    const team = await buildTeam(t, owner);
    const form = multipart([{ name: 'cover', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
    const res = await t.api('POST', `user/team/${team.id}/profile`, form.payload, owner.token, {
      headers: form.headers,
    });
    expect(res.statusCode).toBe(400);
  });

  it('the name follows the create rules', async () => {
    const team = await buildTeam(t, owner, 'Old Name');
    const bad = await t.api('POST', `user/team/${team.id}/profile`, { name: 'Bad/Name' }, owner.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(Messages.lettersDigitsSpaces);
    const good = await t.api('POST', `user/team/${team.id}/profile`, { name: ' New Name ' }, owner.token);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ message: Messages.teamNameUpdated, data: { id: team.id, name: 'New Name' } });
    expect((await teamsOf(t, owner)).find((x) => x.id === team.id)!.name).toBe('New Name');
  });
});

describe('level of engagement', () => {
  it('four levels, each with a name, a description and an image that is served', async () => {
    const res = await t.api('GET', 'user/team/level-of-engagement', undefined, owner.token);
    expect(res.statusCode).toBe(200);
    const levels: LevelOfEngagementDto[] = res.json().data;
    expect(levels.map((l) => l.id)).toEqual([1, 2, 3, 4]);
    for (const level of levels) {
      expect(level.name).not.toBe('');
      expect(level.description).not.toBe('');
      const img = await fetchFile(level.media);
      expect(img.statusCode, level.media).toBe(200);
      expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(img.body).toContain('<svg');
    }
  });

  it('the owner sets it; everyone in the team reads it; only 1 to 4', async () => {
    const team = await buildTeam(t, owner);
    await addMembers(t, team.id, owner, [crew[0]!]);
    const set = await t.api(
      'POST',
      `user/team/${team.id}/level-of-engagement`,
      { level_of_engagement_id: 3 },
      owner.token,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ message: Messages.levelUpdated, data: { id: 3 } });

    const read = await t.api('GET', `user/team/${team.id}/level-of-engagement`, undefined, crew[0]!.token);
    expect(read.json().data).toMatchObject({ id: 3, name: 'Flow' });
    expect(
      (await t.api('GET', `user/team/${team.id}/profile`, undefined, crew[0]!.token)).json().data.level_of_engagement
        .id,
    ).toBe(3);
    expect((await teamsOf(t, crew[0]!)).find((x) => x.id === team.id)!.profile.level_of_engagement.id).toBe(3);

    for (const bad of [0, 5, 'x', null]) {
      const res = await t.api(
        'POST',
        `user/team/${team.id}/level-of-engagement`,
        { level_of_engagement_id: bad },
        owner.token,
      );
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().message).toBe(Messages.levelInvalid);
    }
    expect(
      (await t.api('GET', `user/team/${team.id}/level-of-engagement`, undefined, owner.token)).json().data.id,
    ).toBe(3);
  });
});

describe('members', () => {
  const changeRole = (teamId: number, body: Record<string, unknown>) =>
    t.api('POST', `user/team/${teamId}/change-user-role`, body, owner.token);

  it('change-user-role answers the member and the spec message; the target must be in the team', async () => {
    const team = await buildTeam(t, owner);
    await addMembers(t, team.id, owner, [crew[0]!]);
    const res = await changeRole(team.id, { user_id: String(crew[0]!.id), role_id: '3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: Messages.roleChanged('Ann Crew'),
      data: expect.objectContaining({ id: crew[0]!.id, full_name: 'Ann Crew', role_id: 3 }),
    });

    const stranger = await changeRole(team.id, { user_id: crew[2]!.id, role_id: 3 });
    expect(stranger.statusCode).toBe(404);
    const missing = await changeRole(team.id, { role_id: 3 });
    expect(missing.statusCode).toBe(422);
    const badRole = await changeRole(team.id, { user_id: crew[0]!.id, role_id: 1 });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().message).toBe(Messages.roleInvalid);
  });

  it('a member who leaves no longer sees the team; removing someone not in it is 404', async () => {
    const team = await buildTeam(t, owner);
    await addMembers(t, team.id, owner, [crew[0]!, crew[1]!]);
    const leave = await t.api('DELETE', `user/team/${team.id}/member/${crew[0]!.id}`, undefined, crew[0]!.token);
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await teamsOf(t, crew[0]!)).map((x) => x.id)).not.toContain(team.id);
    expect((await t.api('GET', `user/team/${team.id}/members`, undefined, crew[0]!.token)).statusCode).toBe(404);
    expect((await teamsOf(t, owner)).find((x) => x.id === team.id)!.users_count).toBe(2);

    expect(
      (await t.api('DELETE', `user/team/${team.id}/member/${crew[0]!.id}`, undefined, owner.token)).statusCode,
    ).toBe(404);
    expect((await t.api('DELETE', `user/team/${team.id}/member/99999999`, undefined, owner.token)).statusCode).toBe(
      404,
    );
    const owners = await t.api('DELETE', `user/team/${team.id}/member/${owner.id}`, undefined, owner.token);
    expect(owners.statusCode).toBe(403);
    expect(owners.json().message).toBe(Messages.ownerCannotBeRemoved);
  });
});
