import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes, Messages, SecurityMessages } from '@rally/contract';
import { sessionStore } from '../../../lib/session-storage';
import { expectFieldError, expectGoneAfterFourSeconds, fill, fillAll } from '../../../test/helpers';
import { renderAppAt, type renderApp } from '../../../test/render';
import { apiError, apiOk, apiUrl, recordCalls, server } from '../../../test/server';

const EMAIL = 'forgetful@example.test';
type UserEvent = ReturnType<typeof renderApp>['user'];

/** A fake API for the three calls that records their bodies. */
function passwordResetApi() {
  const bodies: Record<string, unknown> = {};
  server.use(
    http.post(apiUrl(Routes.forgotPassword), async ({ request }) => {
      bodies.forgot = await request.json();
      return apiOk(null, Messages.resetSent);
    }),
    http.post(apiUrl(Routes.verifyResetToken), async ({ request }) => {
      bodies.verify = await request.json();
      return apiOk(null, Messages.resetCodeValid);
    }),
    http.post(apiUrl(Routes.resetPassword), async ({ request }) => {
      bodies.reset = await request.json();
      return apiOk(null, Messages.passwordReset);
    }),
  );
  return bodies;
}

const openForgot = () => renderAppAt('/forgot-password', 'Send Code');

async function sendCode(user: UserEvent, email = EMAIL) {
  await fill(user, 'Email', email);
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
}

async function verifyCode(user: UserEvent, code = '654321') {
  await fill(user, 'Reset Code', code);
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
}

afterEach(() => vi.useRealTimers());

describe('forgot-password: the four steps', () => {
  it('forgotPassword → resetCode → newPassword → done, then Continue to Login', async () => {
    const bodies = passwordResetApi();
    const app = await openForgot();

    // forgotPassword
    await sendCode(app.user, ' Forgetful@Example.test ');
    // resetCode
    expect(await screen.findByRole('button', { name: 'Verify Code' })).toBeInTheDocument();
    expect(bodies.forgot).toEqual({ email: EMAIL });
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    await verifyCode(app.user, '654321');
    // newPassword
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(bodies.verify).toEqual({ email: EMAIL, token: '654321' });
    expect(screen.queryByLabelText('Reset Code')).not.toBeInTheDocument();

    await fillAll(app.user, { 'New Password': 'n3w-pass', 'Confirm Password': 'n3w-pass' });
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    // done
    expect(await screen.findByText('You have successfully reset your password.')).toBeInTheDocument();
    expect(bodies.reset).toEqual({
      email: EMAIL,
      token: '654321',
      password: 'n3w-pass',
      password_confirmation: 'n3w-pass',
    });
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(app.location().pathname).toBe('/forgot-password');
    expect(sessionStore.get()).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Continue to Login' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
  });

  it('each step checks its fields before calling the API', async () => {
    passwordResetApi();
    const calls = recordCalls();
    const app = await openForgot();

    await app.user.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expectFieldError('Email', Messages.emailRequired));
    await sendCode(app.user, 'not-an-email');
    await waitFor(() => expectFieldError('Email', Messages.emailInvalid));
    expect(calls).toEqual([]);

    await sendCode(app.user);
    await screen.findByRole('button', { name: 'Verify Code' });
    await app.user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expectFieldError('Reset Code', Messages.tokenRequired));
    await verifyCode(app.user, '123');
    await waitFor(() => expectFieldError('Reset Code', Messages.tokenMin));
    expect(calls.map((c) => c.path)).toEqual(['/api/forgot-password']);

    await verifyCode(app.user);
    await screen.findByRole('button', { name: 'Reset Password' });
    await fillAll(app.user, { 'New Password': 'abc', 'Confirm Password': 'abc' });
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expectFieldError('New Password', Messages.passwordMin));
    await fillAll(app.user, { 'New Password': 'abcd', 'Confirm Password': 'abce' });
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expectFieldError('Confirm Password', 'Passwords Must Match'));
    expect(calls.map((c) => c.path)).toEqual(['/api/forgot-password', '/api/verify-reset-token']);
  });

  it('Back to login is offered on the first steps', async () => {
    passwordResetApi();
    const app = await openForgot();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

    await sendCode(app.user);
    await screen.findByRole('button', { name: 'Verify Code' });
    await app.user.click(screen.getByRole('link', { name: 'Back to login' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('forgot-password: small screens', () => {
  it('a long e-mail wraps instead of widening the page', async () => {
    passwordResetApi();
    const app = await openForgot();
    const email = 'alexandra.konstantinopoulou.longname+rally-test@example-mail.io';
    await sendCode(app.user, email);
    await screen.findByRole('button', { name: 'Verify Code' });
    // The sentence holding the e-mail may break anywhere, even inside the address.
    expect(getComputedStyle(screen.getByText(email).parentElement!).overflowWrap).toBe('anywhere');
  });
});

describe('forgot-password: server errors', () => {
  it('a failed Send Code shows the server message for 4 s and stays on the step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post(apiUrl(Routes.forgotPassword), () => apiError(429, Messages.tooManyRequests)));
    const app = await openForgot();

    await sendCode(app.user);

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.tooManyRequests);
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeInTheDocument();
    await expectGoneAfterFourSeconds(Messages.tooManyRequests);
  });

  it('a wrong reset code shows the server message and stays on the code step', async () => {
    passwordResetApi();
    server.use(
      http.post(apiUrl(Routes.verifyResetToken), () =>
        apiError(422, Messages.resetCodeInvalid, { token: [Messages.resetCodeInvalid] }),
      ),
    );
    const app = await openForgot();
    await sendCode(app.user);
    await screen.findByRole('button', { name: 'Verify Code' });

    await verifyCode(app.user, '000000');

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.resetCodeInvalid);
    expect(screen.getByLabelText('Reset Code')).toHaveValue('000000');
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });

  it('a failed reset shows the server message and stays on the password step', async () => {
    passwordResetApi();
    server.use(http.post(apiUrl(Routes.resetPassword), () => apiError(422, Messages.resetCodeInvalid)));
    const app = await openForgot();
    await sendCode(app.user);
    await screen.findByRole('button', { name: 'Verify Code' });
    await verifyCode(app.user);
    await screen.findByRole('button', { name: 'Reset Password' });

    await fillAll(app.user, { 'New Password': 'n3w-pass', 'Confirm Password': 'n3w-pass' });
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.resetCodeInvalid);
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByText(Messages.resetDone)).not.toBeInTheDocument();
  });

  it('a password the server finds too common is shown on the New Password field', async () => {
    passwordResetApi();
    server.use(
      http.post(apiUrl(Routes.resetPassword), () =>
        apiError(422, SecurityMessages.passwordTooCommon, { password: [SecurityMessages.passwordTooCommon] }),
      ),
    );
    const app = await openForgot();
    await sendCode(app.user);
    await screen.findByRole('button', { name: 'Verify Code' });
    await verifyCode(app.user);
    await screen.findByRole('button', { name: 'Reset Password' });

    await fillAll(app.user, { 'New Password': 'password1', 'Confirm Password': 'password1' });
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expectFieldError('New Password', SecurityMessages.passwordTooCommon));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("an earlier step's error does not follow the user to the next step", async () => {
    let fail = true;
    passwordResetApi();
    server.use(
      http.post(apiUrl(Routes.forgotPassword), () =>
        fail ? apiError(503, 'Mail is down, try again.') : apiOk(null, Messages.resetSent),
      ),
    );
    const app = await openForgot();
    await sendCode(app.user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Mail is down, try again.');

    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByRole('button', { name: 'Verify Code' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
