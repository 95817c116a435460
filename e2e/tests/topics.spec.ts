import { type Page, test as base, expect } from '@playwright/test';
import { openSignedIn, otherBrowserPage, runSuffix, setUpTeam } from './support/api-setup.js';

/**
 * Issue 10, Inspiration topic: the coach writes today's topic in the team sidebar's card, with the
 * spec's validation; a member, in another browser, sees it on the card (read-only, with its
 * dialog), on the timeline as a topic post showing its day, and on the team card; the coach's
 * edit reaches the member's open page live.
 */
const test = base.extend<{ coachPage: Page }>({ coachPage: otherBrowserPage });

const dayLabel = () =>
  new Date().toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** The Inspiration card of the team sidebar, opened. */
async function inspirationCard(page: Page) {
  await page.getByRole('button', { name: 'Team sidebar' }).click();
  const card = page.getByRole('complementary', { name: 'Team sidebar' }).getByRole('region', {
    name: 'Inspiration from today',
  });
  await expect(card).toBeVisible();
  return card;
}

test('a coach writes today’s topic; a member sees it on the card, the timeline and the team card', async ({
  page,
  coachPage,
  request,
}) => {
  test.setTimeout(120_000);
  const run = runSuffix();
  const {
    lead: coach,
    members: [member],
    team,
  } = await setUpTeam(request, ['Cora', 'Coach'], [['Mina', 'Member']], `Topics ${run}`);

  // The member is on the timeline before the topic exists: it arrives live.
  await openSignedIn(page, member, `/engagements/${team.id}/timeline`);
  const memberCard = await inspirationCard(page);
  await expect(memberCard.getByText('No topic has been created for this team')).toBeVisible();
  await expect(memberCard.getByRole('img', { name: 'Only coaches and admins write the topic.' })).toBeVisible();
  await expect(memberCard.getByRole('button', { name: 'Create topic' })).toHaveCount(0);

  await openSignedIn(coachPage, coach, `/engagements/${team.id}/timeline`);
  const card = await inspirationCard(coachPage);
  await card.getByRole('button', { name: 'Create topic' }).click();
  const field = card.getByRole('textbox', { name: 'Topic' });
  await field.fill('Tiny');
  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(card.getByText('The topic must be between 6 to 165 characters.')).toBeVisible();
  const topic = `What small win are you proud of this week? ${run}`;
  await field.fill(`  ${topic}  `);
  await expect(card.getByTestId('character-count')).toHaveText(`${topic.length} / 165`);
  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(coachPage.getByText('Your topic is published.')).toBeVisible();
  await expect(card.getByRole('button', { name: `Open today's inspiration: ${topic}` })).toBeVisible();

  // The member: the topic post arrives on the timeline showing its day, and the card shows it.
  const post = page.getByRole('article').filter({ hasText: topic });
  await expect(post).toBeVisible();
  await expect(post).toContainText(`Inspiration of ${dayLabel()}`);
  await expect(memberCard.getByRole('button', { name: `Open today's inspiration: ${topic}` })).toBeVisible();

  // The topic post takes reactions like any post; the dialog counts them.
  await post.getByRole('button', { name: 'React', exact: true }).click();
  await page.getByRole('menu', { name: 'Reactions' }).getByRole('menuitem', { name: /great/i }).click();
  await expect(post.getByRole('button', { name: /Your reaction: Great/ })).toBeVisible();
  await memberCard.getByRole('button', { name: `Open today's inspiration: ${topic}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Inspiration from today' });
  await expect(dialog).toContainText(topic);
  await expect(dialog).toContainText('Cora Coach');
  await expect(dialog).toContainText(dayLabel());
  await expect(dialog).toContainText('Reactions (1)');
  await expect(dialog).toContainText('Mina Member');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The coach rewords it: the member's open timeline and card show the new words without a
  // reload, and the member's own reaction stays theirs.
  const edited = `What made you laugh this week? ${run}`;
  await card.getByRole('button', { name: 'Edit topic' }).click();
  await card.getByRole('textbox', { name: 'Topic' }).fill(edited);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(coachPage.getByText('Your topic has been updated.')).toBeVisible();
  const editedPost = page.getByRole('article').filter({ hasText: edited });
  await expect(editedPost).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: topic })).toHaveCount(0);
  await expect(editedPost.getByRole('button', { name: /Your reaction: Great/ })).toBeVisible();
  await expect(memberCard.getByRole('button', { name: `Open today's inspiration: ${edited}` })).toBeVisible();

  // The team card on the engagements list carries the latest topic.
  await page.goto('/engagements');
  await expect(page.getByRole('article', { name: team.name })).toContainText(`Inspiration: ${edited}`);
});
