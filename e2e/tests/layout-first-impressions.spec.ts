import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { AA_NORMAL_TEXT, COLORS, worstContrast } from '@rally/contract';
import { type ApiUser, createTeam, createTextPost, openSignedIn, runSuffix, setUpTeam } from './support/api-setup.js';
import { DESKTOP, PHONE, shots } from './support/screens.js';

/**
 * Issue 25, "Order and first impressions", the defects a coach sees at 1366 × 900 and 390 × 844:
 * the create panel sticks flush under the top bar (no strip of posts between them), the sidebar's
 * Inspiration day shows whole, the top bar names /profile and /settings, and a task's due day reads
 * DD/MM/YYYY without a time and is typed the same way; the engagements grid holds several cards
 * a row beside the side panel, a phone's home has one bell with one count, every page's title is
 * one h1 in one style, an unverified sign-in starts the Resend countdown afresh, and posts in
 * every colour. Screenshots go to /tmp/shots25.
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

/** '#rrggbb' of a CSS rgb() match. */
const hexOf = (m: RegExpMatchArray | RegExpExecArray) =>
  `#${[m[1], m[2], m[3]].map((c) => Number(c).toString(16).padStart(2, '0')).join('')}`;

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

test('the engagements grid at 1366 px: several 350 px cards a row beside the side panel', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = runSuffix();
  const { lead: coach } = await setUpTeam(request, ['Gia', 'Grid'], [], `Grid one ${run}`);
  for (const name of ['two', 'three', 'four']) await createTeam(request, coach, `Grid ${name} ${run}`);

  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, coach, '/engagements');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole('complementary', { name: 'Notifications and invites' })).toBeVisible();
  const boxes = await Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!));
  for (const box of boxes) expect(Math.round(box.width)).toBe(350);
  const firstRow = boxes.filter((b) => Math.abs(b.y - boxes[0]!.y) < 1);
  expect(firstRow.length, 'cards sharing the first row').toBeGreaterThanOrEqual(2);
  await shots(page, testInfo, 'engagements-grid', { dir: SHOTS });
});

test('a phone’s home has one notification bell, counting notifications and invitations', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = runSuffix();
  const {
    lead: coach,
    members,
    team,
  } = await setUpTeam(request, ['Bea', 'Bell'], [['Milo', 'Member']], `Bells ${run}`);
  const [milo] = members;
  await createTextPost(request, coach, team.id, `A post for everyone in the team ${run}`);
  // A second team's invitation, not answered: one invitation waits for Milo.
  const other = await createTeam(request, coach, `Bells two ${run}`);
  await post(request, coach, `user/team/${other.id}/invite`, { emails: [milo.email] });
  const unread = async () => {
    const res = await request.get('/api/user/notifications/recent-notifications-count', { headers: authed(milo) });
    return ((await res.json()) as { data: { notifications_count: number } }).data.notifications_count;
  };

  await page.setViewportSize(PHONE);
  await openSignedIn(page, milo, '/');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  // The notifications are written in the background: the badge is read against the server's count.
  await expect(async () => {
    const count = await unread();
    expect(count, 'Milo has notifications not read').toBeGreaterThan(0);
    await expect(bell).toHaveAccessibleName(`Notifications and invites, ${count + 1} new`, { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('button', { name: /notification/i })).toHaveCount(1);
  await expect(page.locator('.MuiBadge-badge:not(.MuiBadge-invisible)')).toHaveCount(1);
  await shots(page, testInfo, 'home-one-bell', { dir: SHOTS });

  await page.setViewportSize(PHONE);
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications and invites' });
  await expect(dialog.getByRole('tab', { name: 'NOTIFICATION' })).toBeVisible();
  await dialog.getByRole('tab', { name: /INVITES/ }).click();
  await expect(dialog.getByRole('listitem', { name: `Invitation to Bells two ${run}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/home-bell-panel-phone.png` });
});

test('every page’s title is one h1 in one style', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const run = runSuffix();
  // A teammate, so that the watercooler opens (alone, it asks to add members).
  const { lead: coach, team } = await setUpTeam(request, ['Tia', 'Title'], [['Tom', 'Teammate']], `Titles ${run}`);
  const list = await post<{ id: number }>(request, coach, `user/team/${team.id}/todo-list`, { name: 'Kick-off' });
  const pages: [path: string, title: string | RegExp][] = [
    ['/', 'My Teams'],
    ['/engagements', 'Engagements'],
    ['/dashboard', 'Dashboard'],
    ['/profile', 'Tia Title'],
    ['/settings', 'Settings'],
    ['/paymentMethod/Coach', 'Manage Subscription'],
    [`/engagements/${team.id}/timeline`, 'Timeline'],
    [`/engagements/${team.id}/wall-of-fame`, 'Wall of Fame'],
    [`/engagements/${team.id}/bright-ideas`, 'Bright Ideas'],
    [`/engagements/${team.id}/info`, 'Engagement Information'],
    [`/engagements/${team.id}/FAQ`, 'Frequently asked questions'],
    [`/engagements/${team.id}/watercooler`, 'Watercooler'],
    [`/engagements/${team.id}/todo-list`, 'To-do Lists'],
    [`/engagements/${team.id}/todo/${list.id}/list-task`, 'Kick-off'],
  ];
  const shot = new Set(['Engagement Information', 'Manage Subscription', 'To-do Lists', 'Timeline']);
  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, coach, '/');
  const styles = new Map<string, string>();
  for (const [path, title] of pages) {
    await page.goto(path);
    // The watercooler opens with its start dialog over the page (which hides the page from the tree).
    const h1 = page.getByRole('heading', { level: 1, includeHidden: true });
    await expect(h1, `${path} has its title`).toHaveText(title);
    await expect(page.locator('h1'), `${path} has one h1`).toHaveCount(1);
    const style = await h1.evaluate((el) => {
      const s = getComputedStyle(el);
      return `${s.fontSize} ${s.fontWeight} ${s.lineHeight} ${s.color}`;
    });
    styles.set(path, style);
    if (shot.has(title as string))
      await shots(page, testInfo, `title-${(title as string).toLowerCase().replaceAll(' ', '-')}`, { dir: SHOTS });
  }
  expect(new Set(styles.values()), JSON.stringify(Object.fromEntries(styles), null, 1)).toHaveProperty('size', 1);
});

test('an unverified sign-in mails a code and starts the Resend countdown afresh', async ({ page, request }) => {
  const email = `e2e-unverified-${runSuffix()}@rally.test`;
  const password = 'Unverified-Passw0rd';
  const registered = await request.post('/api/register', {
    headers: { 'accept-version': '1.3' },
    data: { first_name: 'Uma', last_name: 'Unverified', email, password, password_confirmation: password },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/verify-account');
  await expect(page.getByLabel('Resend countdown')).toHaveText(/^(5:00|4:[0-5]\d)$/);
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/verify-after-login-phone.png` });
});

test('posts in every colour: their words readable on each gradient', async ({ page, request }) => {
  test.setTimeout(120_000);
  const run = runSuffix();
  const { lead: coach, team } = await setUpTeam(request, ['Cleo', 'Colour'], [], `Colours ${run}`);
  for (const color of COLORS)
    await post(request, coach, `user/team/${team.id}/celebration`, {
      color_id: color.id,
      text: `A celebration on ${color.name}: we shipped the new rota today`,
    });
  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, coach, `/engagements/${team.id}/wall-of-fame`);
  for (const color of COLORS) {
    const words = page.getByText(`A celebration on ${color.name}:`, { exact: false });
    await expect(words).toBeVisible();
    // As drawn: the words' colour against every point of the gradient behind them.
    const drawn = await words.evaluate((el) => ({
      text: getComputedStyle(el).color,
      background: getComputedStyle(el.parentElement!).backgroundImage,
    }));
    const stops = [...drawn.background.matchAll(/rgb\((\d+), (\d+), (\d+)\)/g)].map(hexOf);
    expect(stops, `${color.name}: the gradient's stops`).toHaveLength(color.color_gradient.length);
    const text = hexOf(/rgb\((\d+), (\d+), (\d+)\)/.exec(drawn.text)!);
    expect(worstContrast(text, stops), `${color.name}: ${text} on ${stops.join(' → ')}`).toBeGreaterThanOrEqual(
      AA_NORMAL_TEXT,
    );
  }
  // The whole feed, every colour in one picture, at both sizes.
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400); // the layout settles at the new size
    await page.screenshot({ path: `${SHOTS}/colour-posts-${label}.png`, fullPage: true });
  }
});
