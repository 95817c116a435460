import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { Messages } from '@rally/contract';
import { codeFrom, waitForMail } from './support/mailbox.js';

/** A fresh address per test, so tests never share an account. */
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${randomBytes(3).toString('hex')}@rally.test`;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The form field with exactly this label. A required field's label may carry a trailing "*", and
 * "Password" must not also match "Confirm Password", so the label is anchored at both ends.
 */
const field = (page: Page, label: string): Locator =>
  page.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}[\\s*]*$`));

const landedSignedIn = (url: URL) => url.pathname === '/' || url.pathname === '/engagements';

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/**
 * Signed in on the home route. The URL is read once the layout shows, after any client-side
 * redirect has run, so a '/' seen for a moment on the way elsewhere does not count.
 */
async function expectLandedSignedIn(page: Page): Promise<void> {
  await expectSignedIn(page);
  await expect(page).toHaveURL(landedSignedIn);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
}

/** Signs up and verifies through the API, for tests whose subject is not sign-up itself. */
async function createVerifiedUser(request: APIRequestContext, email: string, password: string): Promise<void> {
  const headers = { 'accept-version': '1.3' };
  const registered = await request.post('/api/register', {
    headers,
    data: { first_name: 'Guard', last_name: 'Tester', email, password, password_confirmation: password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(email, { subjectIncludes: 'verification' });
  const verified = await request.post('/api/verify-account', {
    headers,
    data: { email, verification_code: codeFrom(mail.text) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

test('sign up, verify, sign out and in, and recover the password', async ({ page }) => {
  const email = uniqueEmail('accounts');
  const password = 'first-Passw0rd';
  const newPassword = 'second-Passw0rd';

  await test.step('sign up', async () => {
    await page.goto('/register');
    await field(page, 'First Name').fill('Ada');
    await field(page, 'Last Name').fill('Lovelace');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/verify-account');
  });

  await test.step('verify the account with the mailed code', async () => {
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
    // The resend button waits out a 5-minute countdown after the first mail.
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeDisabled();

    const mail = await waitForMail(email, { subjectIncludes: 'verification' });
    await field(page, 'Verification Code').fill(codeFrom(mail.text));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectLandedSignedIn(page);
  });

  await test.step('the account menu offers Profile, Settings and Sign Out', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  await test.step('a reload keeps the session', async () => {
    await page.reload();
    await expectLandedSignedIn(page);
  });

  await test.step('sign out, then sign in again', async () => {
    await signOut(page);
    await signIn(page, email, password);
    await expectLandedSignedIn(page);
    await signOut(page);
  });

  await test.step('recover the password with the mailed reset code', async () => {
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
    // The URL changes before the lazy screen replaces the sign-in card, whose Email field would
    // otherwise take the address (seen once in CI: the reset was then asked with an empty field).
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();

    const mail = await waitForMail(email, { subjectIncludes: 'reset' });
    await field(page, 'Reset Code').fill(codeFrom(mail.text));
    await page.getByRole('button', { name: 'Verify Code' }).click();

    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page.getByText(Messages.resetDone)).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Login' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  await test.step('the old password fails with the server message', async () => {
    await signIn(page, email, password);
    await expect(page.getByText(Messages.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  await test.step('the new password signs in', async () => {
    await field(page, 'Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectLandedSignedIn(page);
  });
});

test('a guest opening a private page signs in and lands on it', async ({ page, request }) => {
  const email = uniqueEmail('guard');
  const password = 'guard-Passw0rd';
  await createVerifiedUser(request, email, password);

  await page.goto('/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '?redirect=%2Fprofile');

  await signIn(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expectSignedIn(page);
});

// ADR 0021: the way in for an owner whose password sign-in is guarded (and for anyone).
test('a person signs in with a code mailed to them', async ({ page, request }) => {
  const email = uniqueEmail('code');
  await createVerifiedUser(request, email, 'code-Passw0rd');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Email Me a Code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();

  const mail = await waitForMail(email, { subjectIncludes: 'sign-in code' });
  await field(page, 'Sign-in Code').fill(codeFrom(mail.text));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectLandedSignedIn(page);
});
