import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { type ApiUser, createTextPost, openSignedIn, runSuffix, setUpTeam } from './support/api-setup.js';
import { DESKTOP, PHONE, shots } from './support/screens.js';

/**
 * Issue 25, "Order and first impressions", the defects a coach sees at 1366 × 900 and 390 × 844:
 * the create panel sticks flush under the top bar (no strip of posts between them), the sidebar's
 * Inspiration day shows whole, the top bar names /profile and /settings, and a task's due day reads
 * DD/MM/YYYY without a time and is typed the same way. Screenshots go to /tmp/shots25.
 */
const SHOTS = '/tmp/shots25';
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

const authed = (user: ApiUser) => ({ 'accept-version': '1.3', authorization: `Bearer ${user.token}` });

async function post<T>(request: APIRequestContext, user: ApiUser, path: string, data: object): Promise<T> {
  const res = await request.post(`/api/${path}`, { headers: authed(user), data });
  expect(res.ok(), `${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Today as the sidebar writes a topic's day ('Nov 27, 2026', the UTC day). */
const dayLabel = () =>
  new Date().toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** The gap, in px, between the top bar's bottom edge and the create panel's top edge. */
async function gapUnderTopBar(page: Page): Promise<number> {
  const bar = await page.getByRole('banner').boundingBox();
  const panel = await page.getByRole('region', { name: 'Create a post' }).boundingBox();
  expect(bar && panel, 'the top bar and the create panel are on the page').toBeTruthy();
  return panel!.y - (bar!.y + bar!.height);
}

test('first impressions at both widths: sticky panel, Inspiration day, page titles, due dates', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = runSuffix();
  const { lead: coach, team } = await setUpTeam(request, ['Cora', 'Coach'], [['Mina', 'Member']], `Impressions ${run}`);
  for (let i = 1; i <= 8; i++)
    await createTextPost(request, coach, team.id, `Post number ${i} of a long enough timeline to scroll ${run}`);
  await post(request, coach, `user/team/${team.id}/topic`, { content: `Which small win made your week? ${run}` });
  const list = await post<{ id: number }>(request, coach, `user/team/${team.id}/todo-list`, { name: 'Launch plan' });
  const year = new Date().getUTCFullYear() + 1;
  await post(request, coach, `user/team/${team.id}/todo-list/${list.id}/todo-list-item`, {
    description: 'Book the hall for the kick-off',
    due_date: `${year}-03-01`,
  });

  await openSignedIn(page, coach, `/engagements/${team.id}/timeline`);
  for (const [label, size] of SIZES) {
    await test.step(`timeline at ${label} width: the create panel sits flush under the top bar`, async () => {
      await page.setViewportSize(size);
      await page.goto(`/engagements/${team.id}/timeline`);
      await expect(page.getByRole('article').nth(6)).toBeVisible();
      await page.mouse.move(size.width / 2, size.height / 2);
      await page.mouse.wheel(0, 900);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      expect(Math.abs(await gapUnderTopBar(page))).toBeLessThanOrEqual(0.5);
      // A post without reactions shows no count beside it.
      await expect(page.getByRole('button', { name: /^0 reactions/ })).toHaveCount(0);
    });

    await test.step(`the Inspiration day shows whole at ${label} width`, async () => {
      await page.getByRole('button', { name: 'Team sidebar' }).click();
      const card = page.getByRole('region', { name: 'Inspiration from today' });
      const day = card.getByText(dayLabel(), { exact: true });
      await expect(day).toBeVisible();
      const cut = await day.evaluate((el) => {
        // The day's own box and every box up to the card show all their text.
        const card = el.closest('section') ?? el.parentElement!;
        for (let e: Element | null = el; e && e !== card; e = e.parentElement)
          if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible') return e.outerHTML;
        return null;
      });
      expect(cut, 'no box cuts the day short').toBeNull();
      const box = await day.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: `${SHOTS}/inspiration-sidebar-${label}.png` });
      await page.keyboard.press('Escape');
    });
  }
  await shots(page, testInfo, 'timeline-scrolled', {
    dir: SHOTS,
    prepare: async () => {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(300);
    },
  });

  for (const [path, title] of [
    ['/profile', 'Profile'],
    ['/settings', 'Settings'],
  ] as const) {
    await test.step(`${path}: the top bar names the page`, async () => {
      await page.goto(path);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: title, exact: true })).toBeVisible();
      await expect(banner.getByText('My Teams', { exact: true })).toHaveCount(0);
      await shots(page, testInfo, `top-bar${path.replace('/', '-')}`, { dir: SHOTS });
    });
  }

  await test.step('a task’s due day reads DD/MM/YYYY without a time; the field takes DD/MM/YYYY', async () => {
    await page.goto(`/engagements/${team.id}/todo/${list.id}/list-task`);
    const task = page.getByRole('article').filter({ hasText: 'Book the hall for the kick-off' });
    await expect(task.getByText(`Due 01/03/${year}`, { exact: true })).toBeVisible();
    await expect(task).not.toContainText('00:00');
    const form = page.getByRole('form', { name: 'Create task' });
    const due = form.getByLabel('Due date');
    await expect(due).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await due.pressSequentially(`1504${year}`);
    await expect(due).toHaveValue(`15/04/${year}`);
    await shots(page, testInfo, 'todo-tasks', { dir: SHOTS });
  });
});
