import { type Browser, type Page, type TestInfo, expect, test } from '@playwright/test';
import { openSignedIn, runSuffix, setUpTeam, type ApiUser } from './support/api-setup.js';

/**
 * Issue 10, check-ins: a coach requests a check-in from the create panel, three members answer it
 * from the timeline (two privately, the default; one also on the timeline), and the coach reads
 * the meters in Check-In Stats and the Team Statistics dialog. Accounts, the team and its members
 * are set up through the API; everything else is the screens.
 */
const checkinCard = (page: Page) => page.getByRole('article').filter({ hasText: 'How is everyone feeling today?' });

async function answer(
  browser: Browser,
  baseURL: string | undefined,
  member: ApiUser,
  teamId: number,
  mood: string,
  share: boolean,
  shot?: TestInfo,
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openSignedIn(page, member, `/engagements/${teamId}/timeline`);
  const card = checkinCard(page);
  await card.getByRole('button', { name: 'Answer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check-in' });
  await dialog.getByRole('radio', { name: mood }).click();
  const onlyCoach = dialog.getByRole('checkbox', { name: 'Share only with my coach' });
  await expect(onlyCoach).toBeChecked();
  if (share) await onlyCoach.uncheck();
  if (shot) await page.screenshot({ path: shot.outputPath('checkin-dialog-phone.png') });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your check-in was sent to Cora Coach.')).toBeVisible();
  await expect(card.getByText('You checked in')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Answer' })).toHaveCount(0);
  await context.close();
}

test('a coach requests a check-in, three members answer, the coach reads the meters', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = runSuffix();
  const {
    lead: coach,
    members,
    team,
  } = await setUpTeam(
    request,
    ['Cora', 'Coach'],
    [
      ['Mia', 'Member'],
      ['Max', 'Member'],
      ['Meg', 'Member'],
    ],
    `Moods ${run}`,
  );

  await page.setViewportSize({ width: 1366, height: 900 });
  await openSignedIn(page, coach, `/engagements/${team.id}/timeline`);
  const panel = page.getByRole('region', { name: 'Create a post' });
  await panel.getByRole('button').first().click();
  await page.getByRole('tab', { name: 'Check-in' }).click();
  await page.getByRole('button', { name: 'Request Check-in' }).click();
  await expect(page.getByText('Your check-in request is on the timeline.')).toBeVisible();
  const card = checkinCard(page);
  await expect(card.getByText('0 of 3 checked in')).toBeVisible();
  // The coach asked it: no Answer for them.
  await expect(card.getByRole('button', { name: 'Answer' })).toHaveCount(0);

  // Within 4 hours the request is disabled and says when the last one was, in red.
  await expect(page.getByRole('button', { name: 'Request Check-in' })).toBeHidden();
  await panel.getByRole('button').first().click();
  await page.getByRole('tab', { name: 'Check-in' }).click();
  await expect(page.getByRole('button', { name: 'Request Check-in' })).toBeDisabled();
  const last = page.getByText(/^Last Check-in initiated at \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expect(last).toHaveCSS('color', 'rgb(211, 47, 47)');
  await page.screenshot({ path: testInfo.outputPath('request-desktop.png') });
  await page.keyboard.press('Escape');

  // Happy (100) and Calm (70) privately, Tired (40) also on the timeline: the meter reads 70%.
  await answer(browser, baseURL, members[0], team.id, 'Happy', false, testInfo);
  await answer(browser, baseURL, members[1], team.id, 'Calm', false);
  await answer(browser, baseURL, members[2], team.id, 'Tired', true);

  await page.reload();
  // A shared machine can be slow to answer after a reload.
  await expect(checkinCard(page).getByText('3 of 3 checked in')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article').filter({ hasText: 'Meg Member' }).getByText('is feeling Tired')).toBeVisible();
  await page.getByRole('button', { name: 'Team sidebar' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Team sidebar' });
  const stats = sidebar.getByRole('region', { name: 'Check-In Stats' });
  await expect(stats.getByRole('progressbar', { name: 'Team happiness, 30 Days' })).toHaveAttribute(
    'aria-valuenow',
    '70',
    { timeout: 30_000 },
  );
  await expect(stats.getByText('70%').first()).toBeVisible();
  const people = stats.getByRole('list', { name: 'Member happiness' });
  // The coach asked: the private answers are theirs to see, one by one.
  await expect(people.getByRole('listitem')).toHaveCount(3);
  await expect(people.getByRole('progressbar', { name: 'Mia Member’s happiness' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(people.getByRole('progressbar', { name: 'Meg Member’s happiness' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );
  const moods = stats.getByRole('list', { name: 'Mood breakdown' });
  await expect(moods.getByRole('progressbar', { name: 'Happy: 33.3%' })).toBeVisible();
  await expect(stats.getByText('Engaged users')).toBeVisible();
  await sidebar.screenshot({ path: testInfo.outputPath('stats-desktop.png') });
  await page.screenshot({ path: testInfo.outputPath('timeline-desktop.png') });

  await stats.getByRole('button', { name: 'View Details' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Check-in details' });
  await expect(drawer.getByRole('listitem')).toHaveCount(3);
  await expect(drawer.getByText('Private')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('details-desktop.png') });
  await drawer.getByRole('button', { name: 'Close' }).click();

  await sidebar.getByRole('button', { name: 'Team Statistics' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team Statistics' });
  // The welcome message, the check-in and Meg's answer; all four people took part.
  await expect(dialog.getByText('Posts', { exact: true }).locator('..')).toContainText('3');
  await expect(dialog.getByText('Active members').locator('..')).toContainText('4 of 4');
  await page.screenshot({ path: testInfo.outputPath('team-stats-desktop.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The same on a phone: the sidebar is a drawer over the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Team sidebar' }).click();
  await expect(
    page.getByRole('region', { name: 'Check-In Stats' }).getByRole('progressbar', { name: 'Team happiness, 30 Days' }),
  ).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('stats-phone.png'), fullPage: true });
});
