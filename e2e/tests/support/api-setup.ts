import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeFrom, waitForMail } from './mailbox.js';

/**
 * Set-ups through the API for browser tests whose subject is not signing up or inviting (those
 * have their own specs, through the screens): accounts verified with the mailed code, teams,
 * members who joined by their invitation, and a signed-in browser.
 */

export interface ApiUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  token: string;
}

const headers = (token?: string) => ({
  'accept-version': '1.3',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

export const runSuffix = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

async function json<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Registers and verifies an account with the mailed code; answers the signed-in user. */
export async function signUp(request: APIRequestContext, first: string, last: string): Promise<ApiUser> {
  const email = `e2e-${first.toLowerCase()}-${runSuffix()}@rally.test`;
  const password = `${first}-Passw0rd`;
  await json(
    await request.post('/api/register', {
      headers: headers(),
      data: { first_name: first, last_name: last, email, password, password_confirmation: password },
    }),
  );
  const mail = await waitForMail(email, { subjectIncludes: 'verification' });
  const verified = await json<{ data: ApiUser }>(
    await request.post('/api/verify-account', {
      headers: headers(),
      data: { email, verification_code: codeFrom(mail.text) },
    }),
  );
  return verified.data;
}

export async function createTeam(
  request: APIRequestContext,
  owner: ApiUser,
  name: string,
): Promise<{ id: number; name: string }> {
  const res = await json<{ data: { id: number; name: string } }>(
    await request.post('/api/user/team', { headers: headers(owner.token), data: { name } }),
  );
  return res.data;
}

/** Invites `member` by e-mail and has them join with the mailed code (role 4). */
export async function addMember(request: APIRequestContext, lead: ApiUser, teamId: number, member: ApiUser) {
  await json(
    await request.post(`/api/user/team/${teamId}/invite`, {
      headers: headers(lead.token),
      data: { emails: [member.email] },
    }),
  );
  const pending = await json<{ data: { invitation_code: string; team: { id: number } }[] }>(
    await request.get('/api/user/team/invitations/pending?page=1', { headers: headers(member.token) }),
  );
  const code = pending.data.find((i) => i.team.id === teamId)?.invitation_code;
  expect(code, 'the invitation reaches the member').toBeTruthy();
  await json(
    await request.post('/api/user/team/join', { headers: headers(member.token), data: { invitation_code: code } }),
  );
}

/** Opens `path` signed in as `user` (the session the app keeps in localStorage, spec §4). */
export async function openSignedIn(page: Page, user: ApiUser, path: string): Promise<void> {
  const { token, ...rest } = user;
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem('rally.token')) {
        localStorage.setItem('rally.token', t);
        localStorage.setItem('rally.user', u);
      }
    },
    [token, JSON.stringify(rest)] as const,
  );
  await page.goto(path);
}
