import { randomBytes } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { Messages } from '@rally/contract';
import { codeFrom, waitForMail } from './support/mailbox.js';

/**
 * The sign-in screens come prerendered (ADR 0011): the server sends the screen in the HTML, it is
 * drawn before any script has run, and the app hydrates it in place once its scripts are in. These
 * tests hold the app's scripts back to look at the page before they arrive.
 */

test.skip(process.env.E2E_WEB_BUILT === '0', 'apps/web/dist is not built: only the API is served');

/** Holds every script of the app until the answer is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** What the page reports as wrong: console errors (a hydration mismatch, a CSP refusal) and uncaught exceptions. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Sums the page's layout shifts not caused by input (what CLS is made of), from its first paint on. */
async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Read after two frames, so that a shift of the last frame has been reported.
  return () =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return (window as unknown as { layoutShift: number }).layoutShift;
    });
}

test('the sign-in screen is drawn from the HTML, then hydrated in place: same elements, nothing shifts, nothing typed lost', async ({
  page,
}) => {
  const errors = errorsOf(page);
  const layoutShift = await recordLayoutShifts(page);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });

  const heading = page.getByRole('heading', { name: 'Sign in to Rally' });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Welcome back! Sign in to keep your team engaged.')).toBeVisible();
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  // Until the app has taken the form over, its button does not submit.
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeDisabled();
  await heading.evaluate((element) => ((window as unknown as { before: Element }).before = element));
  await email.fill('early@rally.test');

  release();
  await expect(signIn).toBeEnabled();
  expect(await heading.evaluate((element) => (window as unknown as { before: Element }).before === element)).toBe(true);
  expect(await layoutShift()).toBe(0);
  // The e-mail typed before hydration is the form's: only the password is missing.
  await signIn.click();
  await expect(page.getByText(Messages.passwordRequired)).toBeVisible();
  await expect(email).toHaveValue('early@rally.test');
  await expect(email).toHaveAttribute('aria-invalid', 'false');
  expect(errors).toEqual([]);
});

for (const [path, title, submit] of [
  ['/register', 'Join Rally', 'Sign Up'],
  ['/forgot-password', 'Forgot your password?', 'Send Code'],
] as const)
  test(`${path} is prerendered as well and hydrated in place`, async ({ page }) => {
    const errors = errorsOf(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { name: title });
    await expect(heading).toBeVisible();
    await heading.evaluate((element) => ((window as unknown as { before: Element }).before = element));
    release();
    await expect(page.getByRole('button', { name: submit })).toBeEnabled();
    expect(await heading.evaluate((element) => (window as unknown as { before: Element }).before === element)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

test('with a query the screen is rendered afresh, and its links keep the query', async ({ page }) => {
  const errors = errorsOf(page);
  await page.goto('/login?redirect=%2Fprofile');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/register?redirect=%2Fprofile',
  );
  expect(errors).toEqual([]);
});

test('a signed-in visitor opening a sign-in screen sees the logo, then their app, never the sign-in card', async ({
  page,
  request,
}) => {
  const email = `e2e-prerendered-${Date.now()}-${randomBytes(3).toString('hex')}@rally.test`;
  const password = 'prerendered-Passw0rd';
  const headers = { 'accept-version': '1.3' };
  const registered = await request.post('/api/register', {
    headers,
    data: { first_name: 'Pre', last_name: 'Rendered', email, password, password_confirmation: password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(email, { subjectIncludes: 'verification' });
  const verified = await request.post('/api/verify-account', {
    headers,
    data: { email, verification_code: codeFrom(mail.text) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { token, ...user } = ((await verified.json()) as { data: { token: string } }).data;

  // The session the web app keeps (apps/web/src/lib/session-storage.ts), written on the origin.
  await page.goto('/login');
  await page.evaluate(
    (session) => {
      localStorage.setItem('rally.token', session.token);
      localStorage.setItem('rally.user', session.user);
    },
    { token, user: JSON.stringify(user) },
  );

  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#boot')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to Rally' })).toBeHidden();
  release();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname !== '/login');
});
