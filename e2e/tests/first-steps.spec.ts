import { expect, test } from '@playwright/test';
import { openSignedIn, runSuffix, signUp } from './support/api-setup.js';
import { shots } from './support/screens.js';

/**
 * Issue 25, a coach's first ten minutes: a new account (on its 14-day Coach trial) sees the days
 * left and Add card, starts an engagement from the empty dashboard, and the new engagement's
 * first steps — invite members, post a welcome, request a check-in — are each done from the card
 * until it goes. The accounts are signed up through the API (accounts.spec.ts signs up through
 * the screens); the invitee accepts through the API.
 */
const SHOTS = '/tmp/shotsB';

test('a new coach sees the trial, creates an engagement and does its first steps', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = runSuffix();
  const coach = await signUp(request, 'Cleo', 'Coach');
  const mia = await signUp(request, 'Mia', 'Member');
  const teamName = `First ${run}`;

  await test.step('the trial: days left and Add card, on the engagements page', async () => {
    await openSignedIn(page, coach, '/engagements');
    const trial = page.getByRole('status').filter({ hasText: 'Trial: 14 days left' });
    await expect(trial).toBeVisible();
    await expect(trial.getByRole('link', { name: 'Add card' })).toHaveAttribute('href', '/paymentMethod/Coach');
    await shots(page, testInfo, 'trial-engagements', { dir: SHOTS });
  });

  await test.step('the empty dashboard offers Create Engagement; it opens the new engagement', async () => {
    await page.goto('/dashboard');
    await expect(page.getByText('No engagements. Start one.')).toBeVisible();
    await shots(page, testInfo, 'dashboard-empty', { dir: SHOTS });
    await page.getByRole('main').getByRole('link', { name: 'Create Engagement' }).click();
    // The create flow of /engagements, opened there.
    await expect(page).toHaveURL(/\/engagements\?create=1$/);
    const dialog = page.getByRole('dialog', { name: 'Create Engagement' });
    await dialog.getByLabel('Engagement Name').fill(teamName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/engagements\/\d+\/timeline$/);
  });

  const card = page.getByRole('region', { name: 'First steps' });
  const step = (name: string) => card.getByRole('listitem', { name });

  await test.step('the first steps card: none done', async () => {
    await expect(card).toBeVisible();
    await expect(card).toContainText('0 of 3 done');
    await shots(page, testInfo, 'first-steps', { dir: SHOTS, target: () => page.getByRole('main') });
  });

  await test.step('invite members: the invite dialog; the pending invitation ticks it', async () => {
    await step('Invite members').getByRole('button', { name: 'Invite members' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Invite Team Members' }) });
    await dialog.getByLabel('Email').fill(mia.email);
    await dialog.getByLabel('Email').press('Enter');
    await dialog.getByRole('button', { name: /Send/ }).click();
    await expect(dialog).toBeHidden();
    await expect(step('Invite members')).toContainText('Done');
    await expect(card).toContainText('1 of 3 done');
  });

  await test.step('Mia accepts her invitation', async () => {
    const headers = { 'accept-version': '1.3', authorization: `Bearer ${mia.token}` };
    const pending = await request.get('/api/user/team/invitations/pending?page=1', { headers });
    const code = ((await pending.json()) as { data: { invitation_code: string; team: { name: string } }[] }).data.find(
      (i) => i.team.name === teamName,
    )?.invitation_code;
    expect(code).toBeTruthy();
    const joined = await request.post('/api/user/team/join', { headers, data: { invitation_code: code } });
    expect(joined.ok()).toBe(true);
    // The coach comes back to the page later: the team now has two members.
    await page.reload();
    await expect(card).toContainText('1 of 3 done');
  });

  await test.step('post a welcome: the create panel on a text post', async () => {
    await step('Post a welcome').getByRole('button', { name: 'Post a welcome' }).click();
    const panel = page.getByRole('region', { name: 'Create a post' });
    await expect(panel.getByRole('tab', { name: 'Text', selected: true })).toBeVisible();
    await panel.getByRole('textbox').first().fill('Welcome aboard, everyone!');
    await panel.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('article').filter({ hasText: 'Welcome aboard, everyone!' })).toBeVisible();
    await expect(step('Post a welcome')).toContainText('Done');
    await shots(page, testInfo, 'first-steps-two-done', { dir: SHOTS, target: () => card });
  });

  await test.step('request a check-in: the create panel on the check-in request; then the card is gone', async () => {
    await step('Request a check-in').getByRole('button', { name: 'Request a check-in' }).click();
    const panel = page.getByRole('region', { name: 'Create a post' });
    await expect(panel.getByRole('tab', { name: 'Check-in', selected: true })).toBeVisible();
    // Enabled: Mia is there to be asked.
    const ask = panel.getByRole('button', { name: 'Request Check-in' });
    await expect(ask).toBeEnabled();
    await ask.click();
    await expect(page.getByRole('article').filter({ hasText: 'How is everyone feeling today?' })).toBeVisible();
    await expect(card).toBeHidden();
  });

  await test.step('after a reload the card stays gone', async () => {
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: 'Welcome aboard, everyone!' })).toBeVisible();
    await expect(card).toBeHidden();
  });
});
