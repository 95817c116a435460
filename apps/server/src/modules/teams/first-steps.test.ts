import { describe, expect, it } from 'vitest';
import type { FirstStepsDto, TeamProfileDto } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { addMembers, buildTeam, invite, join, pendingCode } from '../../test/teams.js';

const t = useTestApp();

async function profile(teamId: number, viewer: SignedUpUser): Promise<TeamProfileDto> {
  const res = await t.api('GET', `user/team/${teamId}/profile`, undefined, viewer.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TeamProfileDto }>().data;
}

const stepsOf = async (teamId: number, viewer: SignedUpUser): Promise<FirstStepsDto | null> =>
  (await profile(teamId, viewer)).first_steps;

const none: FirstStepsDto = { invited: false, posted: false, checkin_requested: false };

describe("the owner's first steps on GET user/team/{id}/profile (ADR 0032)", () => {
  it('a new engagement has none done', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    expect(await stepsOf(team.id, owner)).toEqual(none);
  });

  it('a pending invitation counts as invited; a post by the owner as posted; a check-in request as requested', async () => {
    const owner = await buildUser(t);
    const [ann, ben] = [await buildUser(t), await buildUser(t)];
    const team = await buildTeam(t, owner);

    const sent = await invite(t, team.id, [ann.email], owner.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await stepsOf(team.id, owner)).toEqual({ ...none, invited: true });

    // A check-in needs someone to ask: Ann joins, and asking does not count as a post.
    const joined = await join(t, await pendingCode(t, team.id, ann.email), ann.token);
    expect(joined.statusCode, joined.body).toBe(200);
    const asked = await t.api('POST', `user/team/${team.id}/checkin`, {}, owner.token);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await stepsOf(team.id, owner)).toEqual({ invited: true, posted: false, checkin_requested: true });

    // Someone else's post is not the owner's.
    await addMembers(t, team.id, owner, [ben]);
    const theirs = await t.api('POST', `user/team/${team.id}/posts`, { content: 'Hello from Ben' }, ben.token);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await stepsOf(team.id, owner))?.posted).toBe(false);

    const mine = await t.api('POST', `user/team/${team.id}/posts`, { content: 'Welcome, everyone!' }, owner.token);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(await stepsOf(team.id, owner)).toEqual({ invited: true, posted: true, checkin_requested: true });
  });

  it('a member who joined counts as invited once the invitation is answered', async () => {
    const owner = await buildUser(t);
    const ann = await buildUser(t);
    const team = await buildTeam(t, owner);
    await addMembers(t, team.id, owner, [ann]);
    expect(await stepsOf(team.id, owner)).toEqual({ ...none, invited: true });
  });

  it('a check-in requested by an admin counts for the owner', async () => {
    const owner = await buildUser(t);
    const [ann, lead] = [await buildUser(t), await buildUser(t)];
    const team = await buildTeam(t, owner);
    await addMembers(t, team.id, owner, [ann], [lead]);
    const asked = await t.api('POST', `user/team/${team.id}/checkin`, {}, lead.token);
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await stepsOf(team.id, owner))?.checkin_requested).toBe(true);
  });

  it('nobody but the owner is shown them (admin and member: null)', async () => {
    const owner = await buildUser(t);
    const [ann, lead] = [await buildUser(t), await buildUser(t)];
    const team = await buildTeam(t, owner);
    await addMembers(t, team.id, owner, [ann], [lead]);
    expect(await stepsOf(team.id, ann)).toBeNull();
    expect(await stepsOf(team.id, lead)).toBeNull();
    expect(await stepsOf(team.id, owner)).toEqual({ ...none, invited: true });
  });

  it('renaming the team answers with the same first steps', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const res = await t.api('POST', `user/team/${team.id}/profile`, { name: 'Renamed Steps' }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TeamProfileDto }>().data).toMatchObject({ name: 'Renamed Steps', first_steps: none });
  });

  it('someone outside the team gets 404, not the steps', async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const team = await buildTeam(t, owner);
    const res = await t.api('GET', `user/team/${team.id}/profile`, undefined, stranger.token);
    expect(res.statusCode).toBe(404);
  });
});
