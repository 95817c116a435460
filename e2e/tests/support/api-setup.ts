import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page, type ViewportSize } from '@playwright/test';
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

type ApiResponse = Awaited<ReturnType<APIRequestContext['post']>>;

async function json<T>(res: ApiResponse): Promise<T> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * The client address of one person set up through the API. The auth routes allow 10 requests a
 * minute per address; every set-up from the test runner's one address spent that budget, and the
 * run waited up to a minute at a time for it (issue 32: a third of the suite's time). The e2e
 * server trusts X-Forwarded-For (TRUST_PROXY, harness/global-setup.ts), so each account signs up
 * from an address of its own, as real people do, and the browser's 127.0.0.1 keeps its budget for
 * the screens.
 */
const clientAddress = () => {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${1 + (c % 254)}`;
};

/** Sends an auth request; on a 429 (an address drawn twice in one minute) waits as told and tries once more. */
async function withinAuthLimit(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const res = await send();
  if (res.status() !== 429) return res;
  const seconds = Number(res.headers()['retry-after'] ?? 60) || 60;
  await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  return send();
}

/** Registers and verifies an account with the mailed code; answers the signed-in user. */
export async function signUp(request: APIRequestContext, first: string, last: string): Promise<ApiUser> {
  const email = `e2e-${first.toLowerCase()}-${runSuffix()}@rally.test`;
  const password = `${first}-Passw0rd`;
  const from = { ...headers(), 'x-forwarded-for': clientAddress() };
  await json(
    await withinAuthLimit(() =>
      request.post('/api/register', {
        headers: from,
        data: { first_name: first, last_name: last, email, password, password_confirmation: password },
      }),
    ),
  );
  const mail = await waitForMail(email, { subjectIncludes: 'verification' });
  const verified = await json<{ data: ApiUser }>(
    await withinAuthLimit(() =>
      request.post('/api/verify-account', {
        headers: from,
        data: { email, verification_code: codeFrom(mail.text) },
      }),
    ),
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

/**
 * The usual start of a spec about what a team does: the lead and the members signed up (the
 * members at once), the lead's team, and each member joined to it by invitation.
 */
export async function setUpTeam<const M extends readonly (readonly [first: string, last: string])[]>(
  request: APIRequestContext,
  lead: readonly [first: string, last: string],
  members: M,
  teamName: string,
): Promise<{ lead: ApiUser; members: { [K in keyof M]: ApiUser }; team: { id: number; name: string } }> {
  const leadUser = await signUp(request, ...lead);
  const memberUsers = await Promise.all(members.map(([first, last]) => signUp(request, first, last)));
  const team = await createTeam(request, leadUser, teamName);
  for (const m of memberUsers) await addMember(request, leadUser, team.id, m);
  return { lead: leadUser, members: memberUsers as { [K in keyof M]: ApiUser }, team };
}

/**
 * A fixture: a page in a browser context of its own (another person at another screen), with the
 * test's base URL and viewport, closed after the test.
 */
export async function otherBrowserPage(
  { browser, baseURL, viewport }: { browser: Browser; baseURL: string | undefined; viewport: ViewportSize | null },
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport });
  await use(await context.newPage());
  await context.close();
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

/** Posts a text post in `teamId` as `author` (POST user/team/{id}/posts); answers the post. */
export async function createTextPost(
  request: APIRequestContext,
  author: ApiUser,
  teamId: number,
  content: string,
): Promise<{ id: number }> {
  const res = await json<{ data: { id: number } }>(
    await request.post(`/api/user/team/${teamId}/posts`, {
      headers: headers(author.token),
      data: { content, media_type: 'text' },
    }),
  );
  return res.data;
}

/**
 * Reads the first page of `user`'s notifications (which marks them read, spec §7) and answers
 * their messages and the count of those still unread afterwards.
 */
export async function readNotifications(
  request: APIRequestContext,
  user: ApiUser,
): Promise<{ messages: string[]; unread: number }> {
  const list = await json<{ data: { data: { message: string } }[] }>(
    await request.get('/api/user/notifications?page=1', { headers: headers(user.token) }),
  );
  const count = await json<{ data: { notifications_count: number } }>(
    await request.get('/api/user/notifications/recent-notifications-count', { headers: headers(user.token) }),
  );
  return { messages: list.data.map((n) => n.data.message), unread: count.data.notifications_count };
}
