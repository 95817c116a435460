import { type Page, type Request, test as base, expect } from '@playwright/test';
import { createTextPost, openSignedIn, otherBrowserPage, runSuffix, setUpTeam } from './support/api-setup.js';

/**
 * Issue 21, web: the realtime stream keeps every cached list, not just the screen on show. Member A
 * loads the team timeline and leaves it for the engagements page; member B, in another browser,
 * posts a new post and deletes an older one; A comes back within 10 s and sees both, without a
 * reload and without the timeline being fetched again (the cached feed is still fresh, so only the
 * events can have changed it: no timeline GET is made after A left).
 */
const test = base.extend<{ memberPage: Page }>({ memberPage: otherBrowserPage });

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('a left timeline follows new and deleted posts while away, without a reload or a refetch', async ({
  page,
  memberPage,
  request,
}) => {
  test.setTimeout(90_000);
  const run = runSuffix();
  const {
    lead: ada,
    members: [ben],
    team,
  } = await setUpTeam(request, ['Ada', 'Away'], [['Ben', 'Busy']], `Live ${run}`);
  const older = `Ben's older note ${run}`;
  await createTextPost(request, ben, team.id, older);

  // B is on the same timeline in another browser.
  await openSignedIn(memberPage, ben, `/engagements/${team.id}/timeline`);
  const bensOld = postCard(memberPage, older);
  await expect(bensOld).toBeVisible();

  // A loads the timeline, then leaves it inside the app (no reload: the query cache lives on).
  await openSignedIn(page, ada, `/engagements/${team.id}/timeline`);
  await expect(postCard(page, older)).toBeVisible();
  const timelineGets: string[] = [];
  const onRequest = (req: Request) => {
    const url = new URL(req.url());
    if (req.method() === 'GET' && url.pathname === `/api/user/team/${team.id}/timeline`) timelineGets.push(url.href);
  };
  page.on('request', onRequest);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Engagements' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/engagements');
  await expect(page.getByRole('heading', { name: 'Engagements', level: 1 })).toBeVisible();
  const leftAt = Date.now();

  // B posts a new post and deletes the older one, through the screens.
  const fresh = `Ben's fresh news ${run}`;
  await memberPage.getByRole('region', { name: 'Create a post' }).getByRole('button').first().click();
  await memberPage.getByRole('textbox', { name: 'What would you like to share?' }).fill(fresh);
  await memberPage.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postCard(memberPage, fresh)).toBeVisible();
  await bensOld.getByRole('button', { name: 'Delete' }).click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(bensOld).toHaveCount(0);

  // A comes back (browser back: the app's own navigation) within 10 s of leaving.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === `/engagements/${team.id}/timeline`);
  await expect(postCard(page, fresh)).toBeVisible();
  await expect(postCard(page, older)).toHaveCount(0);
  expect(Date.now() - leftAt).toBeLessThan(10_000);
  // The events did it: no page load, and the timeline was not asked for again.
  expect(loads).toEqual([]);
  expect(timelineGets).toEqual([]);
  page.off('request', onRequest);
});
