import { type Page, test as base, expect } from '@playwright/test';
import { createTeam, openSignedIn, otherBrowserPage, runSuffix, setUpTeam } from './support/api-setup.js';
import { gradientPng } from './support/png.js';

/**
 * The issue "Team timeline … live" in two browsers: a member posts a celebration with a photo;
 * the coach, on the same timeline in another browser, sees it appear without reloading, reacts
 * and comments, and the member sees the counts change; the coach shares it to a second team; the
 * member deletes it and it disappears from the coach's screen. Accounts and teams are set up
 * through the API (sign-up and invitations have their own specs); everything else is the screens.
 */
const test = base.extend<{ coachPage: Page }>({ coachPage: otherBrowserPage });

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('a member posts a celebration with a photo; the coach sees it live, reacts, comments and shares it; the author deletes it', async ({
  page,
  coachPage,
  request,
}) => {
  test.setTimeout(120_000);
  const run = runSuffix();
  const {
    lead: coach,
    members: [member],
    team: teamA,
  } = await setUpTeam(request, ['Cora', 'Coach'], [['Mina', 'Member']], `Alpha ${run}`);
  const teamB = await createTeam(request, coach, `Beta ${run}`);

  await openSignedIn(coachPage, coach, `/engagements/${teamA.id}`);
  // The bare team path lands on its timeline (spec §2), which opens on the welcome message.
  await expect(coachPage).toHaveURL((url) => url.pathname === `/engagements/${teamA.id}/timeline`);
  await expect(coachPage.getByRole('article').first()).toBeVisible();

  await openSignedIn(page, member, `/engagements/${teamA.id}/timeline`);
  const text = `Mina's team shipped the release ${run}`;
  await page.getByRole('region', { name: 'Create a post' }).getByRole('button').first().click();
  await page.getByRole('tab', { name: 'Announcement' }).click();
  await page.getByRole('textbox', { name: 'Your announcement' }).fill(text);
  await page
    .getByTestId('post-file-input')
    .setInputFiles({ name: 'release.png', mimeType: 'image/png', buffer: gradientPng(2, 2) });
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const mine = postCard(page, text);
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Photo from Mina Member' })).toBeVisible();

  // The coach's screen shows it without a reload, with the photo served from its signed URL.
  const theirs = postCard(coachPage, text);
  await expect(theirs).toBeVisible();
  await expect(theirs.getByText('Mina Member').first()).toBeVisible();
  const photo = theirs.locator('img[src*="/files/"]');
  await expect(photo).toHaveCount(1);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

  // The coach reacts and comments; the member's card follows live.
  await theirs.getByRole('button', { name: 'React', exact: true }).click();
  await coachPage
    .getByRole('menu', { name: 'Reactions' })
    .getByRole('menuitem', { name: /congratulations/i })
    .click();
  await expect(theirs.getByRole('button', { name: /Your reaction: congratulations/i })).toBeVisible();
  await theirs.getByRole('button', { name: 'Engage', exact: true }).click();
  await theirs.getByRole('textbox', { name: 'Write an engagement.' }).fill('Brilliant work, everyone!');
  await theirs.getByRole('button', { name: 'Post engagement' }).click();
  await expect(theirs.getByText('Brilliant work, everyone!')).toBeVisible();
  await expect(mine.getByText('1 Engagement')).toBeVisible();
  await expect(mine.getByRole('button', { name: /^1 reactions?, show who reacted$/ })).toBeVisible();

  // The coach shares it to the second team.
  await theirs.getByRole('button', { name: 'Share' }).click();
  const dialog = coachPage.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Share' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: teamB.name }).check();
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(coachPage.getByText('Your post is shared.')).toBeVisible();
  await coachPage.goto(`/engagements/${teamB.id}/timeline`);
  const copy = postCard(coachPage, text);
  await expect(copy.getByText(`Shared By Cora Coach from ${teamA.name}`)).toBeVisible();
  await coachPage.goto(`/engagements/${teamA.id}/timeline`);
  await expect(postCard(coachPage, text)).toBeVisible();

  // The author deletes it; it leaves the coach's timeline without a reload.
  await mine.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(page.getByText('Your post is deleted.')).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);
  await expect(postCard(coachPage, text)).toHaveCount(0);
});
