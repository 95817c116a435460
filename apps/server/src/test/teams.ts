import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { PostType, Role, type InvitationDto, type MemberDto, type TeamDto } from '@rally/contract';
import { insertPost } from '../modules/posts/repository.js';
import { TeamsRepository } from '../modules/teams/repository.js';
import { createTeam as writeTeam } from '../modules/teams/service.js';
import type { Insertable } from 'kysely';
import type { PostsTable } from '../db/schema.js';
import type { TestApp } from './app.js';
import { uniqueIp, type SignedUpUser } from './factories.js';

/** Real pictures (the server decodes and re-encodes every picture): see samples.ts. */
export { PNG_1X1, pngOfSize } from './samples.js';

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser sends it; pass `payload` as the body and `headers` as extra. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----rally${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = 'data' in part;
    const head = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${part.name}"${file ? `; filename="${part.filename}"` : ''}`,
      ...(file ? [`Content-Type: ${part.contentType}`] : []),
      '',
      '',
    ].join('\r\n');
    chunks.push(Buffer.from(head), file ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a team picture (and optional fields) as multipart. */
export function postTeamAvatar(
  t: TestApp,
  teamId: number,
  token: string | undefined,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'avatar', filename: 'avatar.png', contentType: 'image/png', data },
  ]);
  return t.api('POST', `user/team/${teamId}/profile`, form.payload, token, { headers: form.headers });
}

/** Presigns and PUTs a file for a team's content as the browser does; answers the PUT and the key. */
export async function putTeamFile(
  t: TestApp,
  user: SignedUpUser,
  teamId: number,
  data: Buffer,
  filename: string,
  mime: string,
  policy = 'expression',
) {
  const q = new URLSearchParams({
    filename,
    mime_type: mime,
    file_size: String(data.length),
    resource_type: 'team',
    resource_id: String(teamId),
    resource_policy: policy,
  });
  const signed = await t.api('GET', `s3-upload-presigned-request?${q.toString()}`, undefined, user.token);
  expect(signed.statusCode, signed.body).toBe(200);
  const { key, url } = signed.json<{ data: { key: string; url: string } }>().data;
  const res = await t.app.inject({ method: 'PUT', url, payload: data, headers: { 'content-type': mime } });
  return { key, res };
}

/** {@link putTeamFile} that must succeed: answers the key. */
export async function uploadTeamFile(...args: Parameters<typeof putTeamFile>): Promise<string> {
  const { key, res } = await putTeamFile(...args);
  expect(res.statusCode, res.body).toBe(200);
  return key;
}

/** The invite and join routes are rate-limited per address; each call here comes from a fresh one. */
export const invite = (t: TestApp, teamId: number, emails: string[], token?: string) =>
  t.api('POST', `user/team/${teamId}/invite`, { emails }, token, { remoteAddress: uniqueIp() });

export const join = (t: TestApp, code: string, token?: string) =>
  t.api('POST', 'user/team/join', { invitation_code: code }, token, { remoteAddress: uniqueIp() });

/** Creates a team through the API (201 expected). */
export async function createTeam(
  t: TestApp,
  owner: SignedUpUser,
  name = `Team ${randomBytes(4).toString('hex')}`,
): Promise<TeamDto> {
  const res = await t.api('POST', 'user/team', { name }, owner.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: TeamDto }>().data;
}

/**
 * A team written straight to the database by the real repository (its owner seated as role 2), as
 * the owner's list shows it: for set-ups where creating the team is not the point. `createTeam`
 * is the same through the API.
 */
export async function buildTeam(
  t: TestApp,
  owner: SignedUpUser,
  name = `Team ${randomBytes(4).toString('hex')}`,
): Promise<TeamDto> {
  const id = await writeTeam(t.db.kysely, new TeamsRepository(t.db.kysely), owner.id, name, false, Role.Owner);
  const res = await t.api('GET', `user/teams?team_id=${id}`, undefined, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TeamDto[] }>().data[0]!;
}

/**
 * A post written as another module writes one, through the posts module's `insertPost` (no event,
 * no timeline cache touched; its counts and the portfolio's rollups are kept): for set-ups where
 * posting is not the point, or that need a post of another time or type. A text post of now
 * unless told; its id.
 */
export function writePost(
  t: TestApp,
  post: Pick<Insertable<PostsTable>, 'team_id' | 'user_id'> & Partial<Insertable<PostsTable>>,
): Promise<number> {
  return insertPost(t.db.kysely, {
    type_id: PostType.text,
    text: `Post ${randomBytes(3).toString('hex')}`,
    created_at: new Date().toISOString(),
    ...post,
  });
}

/** The pending invitation code for `user` to `teamId`, read from the DB as the invitee's mail would show it. */
export async function pendingCode(t: TestApp, teamId: number, email: string): Promise<string> {
  const row = await t.db.kysely
    .selectFrom('invitations')
    .select('code')
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return row.code;
}

/** Invites `users` as `lead` and has each of them join (role 4); admins are then promoted to role 3. */
export async function addMembers(
  t: TestApp,
  teamId: number,
  lead: SignedUpUser,
  users: SignedUpUser[],
  admins: SignedUpUser[] = [],
): Promise<void> {
  const all = [...users, ...admins];
  const inv = await invite(
    t,
    teamId,
    all.map((u) => u.email),
    lead.token,
  );
  expect(inv.statusCode, inv.body).toBe(200);
  for (const u of all) {
    const res = await join(t, await pendingCode(t, teamId, u.email), u.token);
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const a of admins) {
    const res = await t.api('POST', `user/team/${teamId}/change-user-role`, { user_id: a.id, role_id: 3 }, lead.token);
    expect(res.statusCode, res.body).toBe(200);
  }
}

/**
 * Seats users in a team directly in the database (role 3 or 4), for fixtures that need many
 * teams fast; `addMembers` is the same through the API.
 */
export async function seatMembers(
  t: TestApp,
  teamId: number,
  seats: { user: SignedUpUser; role: 3 | 4 }[],
): Promise<void> {
  const joined_at = new Date().toISOString();
  await t.db.kysely
    .insertInto('team_members')
    .values(
      seats.map(({ user, role }) => ({
        team_id: teamId,
        user_id: user.id,
        role_id: role,
        read_welcome_message: 0,
        joined_at,
      })),
    )
    .execute();
  // Written behind the app (no event): the cards cache would show it within its TTL; as if it passed.
  t.app.teamCards.clear();
}

/** The team's members as its owner sees them. */
export async function membersOf(t: TestApp, teamId: number, viewer: SignedUpUser): Promise<MemberDto[]> {
  const res = await t.api('GET', `user/team/${teamId}/members`, undefined, viewer.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MemberDto[] }>().data;
}

export async function teamsOf(t: TestApp, viewer: SignedUpUser): Promise<TeamDto[]> {
  const res = await t.api('GET', 'user/teams', undefined, viewer.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TeamDto[] }>().data;
}

export async function pendingOf(
  t: TestApp,
  viewer: SignedUpUser,
  page = 1,
): Promise<{
  data: InvitationDto[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}> {
  const res = await t.api('GET', `user/team/invitations/pending?page=${page}`, undefined, viewer.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Puts a user on a plan directly (as the billing provider's webhook or the trial job would). */
export async function setPlan(
  t: TestApp,
  userId: number,
  plan: 'Free' | 'Premium',
  stripe_status: 'active' | 'trialing' | 'canceled' | 'past_due' = 'active',
): Promise<void> {
  const res = await t.db.kysely
    .updateTable('subscriptions')
    .set({ plan, stripe_status })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  expect(Number(res.numUpdatedRows)).toBe(1);
  // Written behind the app (no event): the cards cache would show it within its TTL; as if it passed.
  t.app.teamCards.clear();
}

/**
 * What deleting a team ends in (ADR 0019): its owner deletes it, its restore window passes (its
 * `deleted_at` moved back past TEAM_RESTORE_DAYS), and the purge job erases it with its files.
 */
export async function deleteAndPurge(t: TestApp, teamId: number, ownerToken: string): Promise<void> {
  const res = await t.api('DELETE', `user/team/${teamId}`, undefined, ownerToken);
  expect(res.statusCode, res.body).toBe(200);
  await ageDeletion(t, teamId, t.config.TEAM_RESTORE_DAYS + 1);
  await t.app.teamPurge.purgeExpired();
}

/** Moves a deleted team's `deleted_at` `days` into the past, as if deleted then. */
export async function ageDeletion(t: TestApp, teamId: number, days: number): Promise<void> {
  const at = new Date(Date.now() - days * 24 * 3600_000).toISOString();
  await t.db.kysely.updateTable('teams').set({ deleted_at: at }).where('id', '=', teamId).execute();
}
