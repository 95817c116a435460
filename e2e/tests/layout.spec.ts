import { type Page, expect, test } from '@playwright/test';
import { addMember, createTeam, openSignedIn, runSuffix, signUp, type ApiUser } from './support/api-setup.js';
import { codeFrom, waitForMail } from './support/mailbox.js';

/**
 * Issue 9, "the layout fixes at 390 px wide": on a 390 × 844 phone no auth screen scrolls
 * sideways with a 60-character e-mail address on it (sign-in, sign-up, verify-account and every
 * step of forgot-password), the skip link is the first focusable element of a signed-in page, and
 * a team timeline does not scroll sideways either.
 */
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** An address of exactly 60 characters with no hyphen: a browser finds no place to break it. */
function longEmail(): string {
  const domain = '@rally.test';
  const head = `e2elayout${runSuffix()}`;
  const email = head + 'x'.repeat(60 - head.length - domain.length) + domain;
  expect(email).toHaveLength(60);
  return email;
}

/** The page is no wider than the viewport: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  // Fonts and lazy chunks can widen a page a moment after it draws: measure once they settled.
  await page.evaluate(() => document.fonts.ready);
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.document, `${where}: document scrollWidth`).toBeLessThanOrEqual(WIDTH);
  expect(widths.body, `${where}: body scrollWidth`).toBeLessThanOrEqual(WIDTH);
}

/** The element showing `text` lies within the viewport's width. */
async function expectWithinViewport(page: Page, text: string): Promise<void> {
  const box = await page.getByText(text, { exact: true }).first().boundingBox();
  expect(box, `"${text}" is on the page`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
}

test('auth screens at 390 px with a 60-character e-mail, the skip link, and a team timeline', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const email = longEmail();
  const password = 'Layout-Passw0rd';

  await test.step('sign-in', async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await expectNoSidewaysScroll(page, '/login');
  });

  await test.step('sign-up', async () => {
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Lena');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Layout');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^\s*Password[\s*]*$/).fill(password);
    await page.getByLabel(/^\s*Confirm Password[\s*]*$/).fill(password);
    await expectNoSidewaysScroll(page, '/register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
  });

  await test.step('verify-account shows the address, wrapped within the screen', async () => {
    await expect(page).toHaveURL((url) => url.pathname === '/verify-account');
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, '/verify-account');
    await expectWithinViewport(page, email);
    const mail = await waitForMail(email, { subjectIncludes: 'verification' });
    await page.getByRole('textbox', { name: 'Verification Code' }).fill(codeFrom(mail.text));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  await test.step('the skip link is the first focusable element of a signed-in page', async () => {
    await page.goto('/engagements');
    await expect(page.getByRole('heading', { level: 1, name: 'Engagements' })).toBeVisible();
    await expectNoSidewaysScroll(page, '/engagements');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  await test.step('a team timeline at 390 px', async () => {
    // The account signed up above, as the API knows it (its session is the page's).
    const token = await page.evaluate(() => localStorage.getItem('rally.token'));
    const me = (await page.evaluate(() => JSON.parse(localStorage.getItem('rally.user') ?? 'null'))) as Omit<
      ApiUser,
      'token'
    >;
    const lena: ApiUser = { ...me, token: token! };
    const team = await createTeam(request, lena, `Longwinded engagement name ${runSuffix()}`);
    const mate = await signUp(request, 'Maximiliana', 'Wolkenkratzer-Langenscheidt');
    await addMember(request, lena, team.id, mate);

    await page.goto(`/engagements/${team.id}/timeline`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'team timeline');

    // The team sidebar drawer and the navigation drawer stay within the screen too.
    await page.getByRole('button', { name: 'Team sidebar' }).click();
    // A modal drawer on a phone: a dialog holding the team's panels.
    const sidebar = page.getByRole('dialog', { name: 'Team sidebar' });
    await expect(sidebar.getByRole('button', { name: 'Invite Members' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'team timeline with its sidebar');
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'team timeline with its navigation drawer');
  });

  // Last: a password reset ends the account's other sessions, the signed-in page's among them.
  await test.step('forgot-password, every step, in a guest browser', async () => {
    const guest = await browser.newContext({ baseURL, viewport: { width: WIDTH, height: 844 } });
    try {
      const p = await guest.newPage();
      await p.goto('/forgot-password');
      await p.getByRole('textbox', { name: 'Email' }).fill(email);
      await expectNoSidewaysScroll(p, '/forgot-password (e-mail)');
      await p.getByRole('button', { name: 'Send Code' }).click();

      await expect(p.getByRole('heading', { name: 'Enter your reset code' })).toBeVisible();
      await expect(p.getByText(email, { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(p, '/forgot-password (reset code)');
      await expectWithinViewport(p, email);
      const mail = await waitForMail(email, { subjectIncludes: 'reset' });
      await p.getByRole('textbox', { name: 'Reset Code' }).fill(codeFrom(mail.text));
      await p.getByRole('button', { name: 'Verify Code' }).click();

      await expect(p.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await expectNoSidewaysScroll(p, '/forgot-password (new password)');
      await p.getByLabel(/^\s*New Password[\s*]*$/).fill(`${password}-2`);
      await p.getByLabel(/^\s*Confirm Password[\s*]*$/).fill(`${password}-2`);
      await p.getByRole('button', { name: 'Reset Password' }).click();

      await expect(p.getByRole('heading', { name: 'Password reset' })).toBeVisible();
      await expectNoSidewaysScroll(p, '/forgot-password (done)');
    } finally {
      await guest.close();
    }
  });
});

/**
 * Issue 25: the desktop layout starts where spec §9 puts it ("desktop button breakpoint 959 px"):
 * 958 px wide is the phone layout (menu button, bottom bar), 959 and 960 px the desktop one
 * (permanent drawer, no bottom bar). MUI's default line was 900 px.
 */
test('the desktop layout starts at 959 px wide', async ({ page, request }) => {
  const user = await signUp(request, 'Wendy', 'Width');
  await page.setViewportSize({ width: 958, height: 844 });
  await openSignedIn(page, user, '/engagements');
  await expect(page.getByRole('heading', { name: 'Engagements' })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Open navigation' });
  const drawerNav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [width, desktop] of [
    [958, false],
    [959, true],
    [960, true],
    [958, false],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    if (desktop) {
      await expect(menuButton, `${width} px: no menu button`).toHaveCount(0);
      await expect(drawerNav, `${width} px: the permanent drawer`).toBeVisible();
    } else {
      await expect(menuButton, `${width} px: the menu button`).toBeVisible();
      await expect(drawerNav, `${width} px: no drawer until opened`).toBeHidden();
    }
  }
});
