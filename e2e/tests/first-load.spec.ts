import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createTeam, openSignedIn, runSuffix, signUp } from './support/api-setup.js';
import { shots } from './support/screens.js';

/**
 * A signed-in page's first load (ADR 0035): index.html's boot script starts the page's chunks and
 * API reads with the HTML, under the page's CSP, and the app takes each read instead of asking
 * again. Each read reaches the server once, and the page is the same as ever.
 */

/**
 * Every API GET the page makes (path and query), every script it loads (its path), and every
 * console error and page error.
 */
function watch(page: Page) {
  const reads: string[] = [];
  const scripts = new Set<string>();
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
    if (request.resourceType() === 'script') scripts.add(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { reads, scripts, errors };
}

/**
 * The most scripts a signed-in first page loads on a phone (issue 25): the entry, Rolldown's
 * runtime, React, the first screen's libraries, the app modules the entry shares with the screens
 * (the API client, the contract's ids and limits: one chunk), the signed-in shell and the page.
 * Each is a request on the phone's six connections before the first signed-in render.
 */
const SIGNED_IN_SCRIPTS = 7;

/** The built chunk named `name` (apps/web/vite.config.ts), by its path. */
const builtChunk = (() => {
  const manifest = JSON.parse(
    readFileSync(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string; name?: string }>;
  return (name: string) => {
    const chunk = Object.values(manifest).find((entry) => entry.name === name);
    return chunk && `/${chunk.file}`;
  };
})();

/** The libraries only the sign-in screen (and the lazy forms) use. */
const SIGN_IN_VENDOR = builtChunk('sign-in-vendor');

/**
 * What the shell loads after the first screen (issue 25): notistack, the user menu and the bell's
 * dialog, each a chunk of its own.
 */
const AFTER_FIRST_SCREEN = ['notistack-host', 'account-menu', 'notifications-dialog'].map(builtChunk);

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

test('on a phone, the engagements list and a team timeline load their code in seven scripts, the rest once idle', async ({
  browser,
  request,
}) => {
  const run = runSuffix();
  const coach = await signUp(request, 'Pia', 'Phone');
  const team = await createTeam(request, coach, `Phone load ${run}`);
  for (const [path, drawn] of [
    ['/engagements', (page: Page) => page.getByText(`Phone load ${run}`).first()],
    [`/engagements/${team.id}/timeline`, (page: Page) => page.getByRole('article').first()],
  ] as const) {
    // A context of its own each: nothing cached.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const seen = watch(page);
    await openSignedIn(page, coach, path);
    await expect(drawn(page)).toBeVisible();
    const firstScreen = [...seen.scripts];
    expect(firstScreen.length, `${path}: ${firstScreen.join(' ')}`).toBeLessThanOrEqual(SIGNED_IN_SCRIPTS);
    // react-hook-form: the sign-in screen's, not in a signed-in first page's scripts (its forms are lazy).
    expect(SIGN_IN_VENDOR, 'a sign-in-vendor chunk in the build').toBeTruthy();
    expect(firstScreen).not.toContain(SIGN_IN_VENDOR);
    // notistack, the menu and the bell's dialog: not in the first screen's scripts, loaded once idle.
    for (const chunk of AFTER_FIRST_SCREEN) {
      expect(chunk, 'the deferred parts of the shell are chunks of their own').toBeTruthy();
      expect(firstScreen).not.toContain(chunk);
    }
    await expect.poll(() => AFTER_FIRST_SCREEN.filter((chunk) => !seen.scripts.has(chunk!))).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(seen.errors).toEqual([]);
    await context.close();
  }
});

test('a guest opening a private page is sent to sign in, with no read of the API', async ({ page }) => {
  const guest = watch(page);
  await page.goto('/engagements');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(guest.reads).toEqual([]);
  expect(guest.errors).toEqual([]);
});
