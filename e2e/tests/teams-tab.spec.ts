import { expect, test, type Frame, type Page } from '@playwright/test';
import { TEAMS_TEST_HOST } from '../harness/teams-host.js';
import { createTeam, openSignedIn, setUpTeam, type ApiUser } from './support/api-setup.js';
import { shots } from './support/screens.js';
import { changeTheme, hostRecord, hostUrl, pressSave, rallyFrame, serveTeamsHost } from './support/teams-host-page.js';

/**
 * Issue 24, Rally as a Microsoft Teams tab, in the browser: a fake Teams host on another origin
 * (support/teams-host-page.ts) frames Rally and answers the SDK's messages as Teams does. The
 * configure page lists the user's teams and saves the chosen team's timeline as the tab; a content
 * tab has a top bar without links and no engagement video; the same pages opened directly are the
 * normal app; and only the hosts of the server's frame-ancestors may frame it.
 */

// The fake hosts are public https origins framing Rally on 127.0.0.1: Chromium's Local Network
// Access asks the user first, as it would for a real Teams framing a Rally on one's own machine.
test.use({ permissions: ['local-network-access'] });

const SHOTS = '/tmp/shots-teams-tab';
const CONFIGURE = '/integrations/teams/tab-config';

let lead: ApiUser;
let team: { id: number; name: string };
let second: { id: number; name: string };

test.beforeAll(async ({ request }) => {
  ({ lead, team } = await setUpTeam(request, ['Tabitha', 'Host'], [], 'Rowing Club'));
  second = await createTeam(request, lead, 'Sailing Crew');
});

test.beforeEach(async ({ context }) => {
  await serveTeamsHost(context, TEAMS_TEST_HOST);
});

const rallyOrigin = (baseURL: string | undefined) => new URL(baseURL!).origin;

/**
 * Opens Rally at `path` in the fake host and signs in there as the lead: Rally is a third-party
 * frame, whose storage this browser denies (Playwright's Chromium keeps third-party storage
 * unpartitioned), so the tab starts signed out, as in a browser that blocks third-party storage.
 * Answers Rally's frame, back at `path` after the sign-in.
 */
async function openInHost(
  page: Page,
  baseURL: string | undefined,
  path: string,
  frameContext: 'content' | 'settings',
  theme = 'default',
): Promise<Frame> {
  await page.goto(hostUrl(TEAMS_TEST_HOST, `${rallyOrigin(baseURL)}${path}`, frameContext, theme));
  await expect.poll(async () => (await hostRecord(page)).calls).toEqual(expect.arrayContaining(['initialize']));
  const frame = rallyFrame(page, rallyOrigin(baseURL));
  await frame.getByLabel(/^\s*Email[\s*]*$/).fill(lead.email);
  await frame.getByLabel(/^\s*Password[\s*]*$/).fill('Tabitha-Passw0rd');
  await frame.getByRole('button', { name: 'Sign In' }).click();
  await expect(frame.getByRole('banner')).toBeVisible();
  expect(new URL(frame.url()).pathname).toBe(path);
  return frame;
}

test.describe('configure page in the Teams host', () => {
  test('a guest signs in inside the tab and is back on it; the teams listed; Select enables Save; Save sends the team’s timeline', async ({
    page,
    baseURL,
  }, testInfo) => {
    const frame = await openInHost(page, baseURL, CONFIGURE, 'settings');
    await expect(frame.getByRole('heading', { name: 'Kindly select the team' })).toBeVisible();
    const list = frame.getByRole('list', { name: 'Teams' });
    await expect(list.getByRole('listitem', { name: team.name })).toBeVisible();
    await expect(list.getByRole('listitem', { name: second.name })).toBeVisible();
    await expect(frame.getByText(/meant to be opened from Microsoft Teams/)).toHaveCount(0);

    // The configure page's top bar: no links, the logo not one, nothing to navigate.
    const bar = frame.getByRole('banner');
    await expect(bar.getByRole('img', { name: 'Rally' })).toBeVisible();
    await expect(bar.getByRole('link')).toHaveCount(0);
    await expect(frame.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

    // Save stays disabled until a team is chosen.
    await expect.poll(async () => (await hostRecord(page)).validity).toEqual([false]);
    await shots(page, testInfo, 'configure', { dir: SHOTS });
    await list.getByRole('listitem', { name: second.name }).getByRole('button', { name: 'Select' }).click();
    await expect(
      list.getByRole('listitem', { name: second.name }).getByRole('button', { name: 'Selected' }),
    ).toBeVisible();
    await expect.poll(async () => (await hostRecord(page)).validity.at(-1)).toBe(true);
    await shots(page, testInfo, 'configure-selected', { dir: SHOTS });

    await pressSave(page);
    await expect.poll(async () => (await hostRecord(page)).saveOutcome).toBe('success');
    const timeline = `${rallyOrigin(baseURL)}/engagements/${second.id}/timeline`;
    expect((await hostRecord(page)).settings).toEqual([
      {
        contentUrl: timeline,
        entityId: `rally-team-${second.id}`,
        suggestedDisplayName: second.name,
        websiteUrl: timeline,
      },
    ]);
  });
});

test.describe('content tab in the Teams host', () => {
  test('top bar without links, logo not a link, no engagement video; the host theme followed', async ({
    page,
    baseURL,
  }, testInfo) => {
    const frame = await openInHost(page, baseURL, `/engagements/${team.id}/timeline`, 'content', 'dark');
    const bar = frame.getByRole('banner');
    await expect(bar.getByText(team.name)).toBeVisible();
    await expect(bar.getByRole('img', { name: 'Rally' })).toBeVisible();
    await expect(bar.getByRole('link')).toHaveCount(0);

    await frame.getByRole('button', { name: /Share a thought, an announcement or a bright idea/ }).click();
    await expect(frame.getByRole('tab', { name: 'Text' })).toBeVisible();
    await expect(frame.getByRole('tab', { name: 'Slideshow' })).toBeVisible();
    await expect(frame.getByRole('tab', { name: 'Team Video' })).toHaveCount(0);

    const background = () => frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(background).toBe('rgb(31, 31, 31)');
    await shots(page, testInfo, 'content-tab-dark', { dir: SHOTS });
    await changeTheme(page, 'contrast');
    await expect.poll(background).toBe('rgb(0, 0, 0)');
    await changeTheme(page, 'default');
    await expect.poll(background).toBe('rgb(244, 245, 251)');
    await shots(page, testInfo, 'content-tab', { dir: SHOTS });
  });
});

test.describe('the same pages outside the host', () => {
  test('a team timeline is the normal app: links, the logo leads home, engagement video offered', async ({ page }) => {
    await openSignedIn(page, lead, `/engagements/${team.id}/timeline`);
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: 'Rally home' })).toHaveAttribute('href', '/');
    await expect(bar.getByRole('link', { name: team.name })).toBeVisible();
    await page.getByRole('button', { name: /Share a thought, an announcement or a bright idea/ }).click();
    await expect(page.getByRole('tab', { name: 'Team Video' })).toBeVisible();
  });

  test('the configure page lists the teams, Select marks one, and says it belongs in Teams', async ({ page }) => {
    await openSignedIn(page, lead, CONFIGURE);
    await expect(page.getByRole('heading', { name: 'Kindly select the team' })).toBeVisible();
    await expect(page.getByText(/meant to be opened from Microsoft Teams/)).toBeVisible();
    const card = page.getByRole('listitem', { name: team.name });
    await card.getByRole('button', { name: 'Select' }).click();
    await expect(card.getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Rally home' })).toBeVisible();
  });
});

test.describe('frame-ancestors', () => {
  /** Frames Rally's sign-in page from `origin`; answers the frame's text and the CSP reports seen. */
  async function frameFrom(page: Page, baseURL: string | undefined, origin: string) {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) violations.push(message.text());
    });
    await page.context().route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Framer</title><iframe id="rally" src="${rallyOrigin(baseURL)}/login" style="width:800px;height:600px"></iframe>`,
      }),
    );
    await page.goto(`${origin}/framer`);
    return violations;
  }

  test('an allowed host (FRAME_ANCESTORS, and Teams itself by default) frames Rally', async ({ page, baseURL }) => {
    for (const origin of [TEAMS_TEST_HOST, 'https://teams.microsoft.com']) {
      const violations = await frameFrom(page, baseURL, origin);
      await expect(page.frameLocator('#rally').getByRole('button', { name: 'Sign In' })).toBeVisible();
      expect(violations).toEqual([]);
    }
  });

  test('another origin cannot frame Rally', async ({ page, baseURL }) => {
    const violations = await frameFrom(page, baseURL, 'https://evil.test');
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations[0]).toContain('frame-ancestors');
    await expect(page.frameLocator('#rally').locator('#root')).toHaveCount(0);
  });
});
