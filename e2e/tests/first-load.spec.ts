import { expect, test, type Page } from '@playwright/test';
import { createTeam, openSignedIn, runSuffix, signUp } from './support/api-setup.js';
import { shots } from './support/screens.js';

/**
 * A signed-in page's first load (ADR 0035): index.html's boot script starts the page's chunks and
 * API reads with the HTML, under the page's CSP, and the app takes each read instead of asking
 * again. Each read reaches the server once, and the page is the same as ever.
 */

/** Every API GET the page makes (path and query), and every console error and page error. */
function watch(page: Page) {
  const reads: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { reads, errors };
}

/** The reads the boot script started (their URLs), and those the app has not taken (none, once it has). */
const earlyReads = (page: Page) =>
  page.evaluate(() => {
    const early = (window as { rallyEarlyReads?: { reads: Record<string, unknown> } }).rallyEarlyReads;
    const reads = Object.entries(early?.reads ?? {});
    return { started: reads.map(([url]) => url).sort(), untaken: reads.filter(([, r]) => r).map(([url]) => url) };
  });

const once = (reads: string[], expected: string[]) =>
  expect(Object.fromEntries(expected.map((url) => [url, reads.filter((r) => r === url).length]))).toEqual(
    Object.fromEntries(expected.map((url) => [url, 1])),
  );

test('the engagements list and a team timeline read each early read once, under the CSP', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const run = runSuffix();
  const coach = await signUp(request, 'Fay', 'First');
  const team = await createTeam(request, coach, `First load ${run}`);

  const list = watch(page);
  await openSignedIn(page, coach, '/engagements');
  await expect(page.getByRole('heading', { name: 'Engagements', level: 1 })).toBeVisible();
  await expect(page.getByText(`First load ${run}`).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const listReads = [
    '/api/user/subscription',
    '/api/user/teams',
    '/api/user/teams/deleted',
    '/api/user/team/invitations/pending?page=1',
    '/api/user/notifications/recent-notifications-count',
  ];
  expect(await earlyReads(page)).toEqual({ started: [...listReads].sort(), untaken: [] });
  once(list.reads, listReads);
  expect(list.errors).toEqual([]);
  await shots(page, testInfo, 'first-load-engagements', { dir: '/tmp/shots25' });

  const timeline = await page.context().newPage();
  const feed = watch(timeline);
  await timeline.goto(`/engagements/${team.id}/timeline`);
  await expect(timeline.getByRole('article').first()).toBeVisible();
  await timeline.waitForLoadState('networkidle');
  const feedReads = [
    '/api/user/subscription',
    `/api/user/teams?team_id=${team.id}`,
    `/api/user/team/${team.id}/timeline?page=1&per_page=10`,
    `/api/user/team/${team.id}/members`,
    '/api/buzzes',
    '/api/user/teams',
    // A new engagement's owner: the first steps, which the feed waits for.
    `/api/user/team/${team.id}/profile`,
    '/api/user/notifications/recent-notifications-count',
  ];
  expect(await earlyReads(timeline)).toEqual({ started: [...feedReads].sort(), untaken: [] });
  once(feed.reads, feedReads);
  expect(feed.errors).toEqual([]);
  await shots(timeline, testInfo, 'first-load-timeline', { dir: '/tmp/shots25' });
});

test('a guest opening a private page is sent to sign in, with no read of the API', async ({ page }) => {
  const guest = watch(page);
  await page.goto('/engagements');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(guest.reads).toEqual([]);
  expect(guest.errors).toEqual([]);
});
