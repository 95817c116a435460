import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';

describe('teams flow', () => {
  const t = useTestApp();

  it('a coach creates a team, invites, the invitee joins and is promoted', async () => {
    const coach = await buildUser(t, { first_name: 'Carla' });
    const created = await t.api('POST', 'user/team', { name: 'Blue Team' }, coach.token);
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json().data;
    expect(team).toMatchObject({ name: 'Blue Team', role_id: 2, status: 'active', users_count: 1 });

    const member = await buildUser(t, { first_name: 'Mo' });
    const invite = await t.api(
      'POST',
      `user/team/${team.id}/invite`,
      { emails: [member.email, member.email.toUpperCase()] },
      coach.token,
    );
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json().data.invited).toEqual([member.email]);

    const pending = await t.api('GET', 'user/team/invitations/pending?page=1', undefined, member.token);
    expect(pending.json().meta.total).toBe(1);
    const code = pending.json().data[0].invitation_code;

    const joined = await t.api('POST', 'user/team/join', { invitation_code: code }, member.token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toMatchObject({ id: team.id, role_id: 4, users_count: 2 });
    expect((await t.api('POST', 'user/team/join', { invitation_code: code }, member.token)).statusCode).toBe(422);

    const promote = await t.api(
      'POST',
      `user/team/${team.id}/change-user-role`,
      { user_id: member.id, role_id: 3 },
      coach.token,
    );
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json().message).toBe('Mo Lovelace role has been changed.');

    const list = await t.api('GET', `user/teams?team_id=${team.id}`, undefined, member.token);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].role_id).toBe(3);
    expect(list.json().data[0].users.map((u: { id: number }) => u.id)).toEqual([coach.id, member.id]);
  });
});
