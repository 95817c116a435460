import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes, Messages, Timing } from '@rally/contract';
import { sessionStore } from '../../../lib/session-storage';
import { advance, expectFieldError, expectGoneAfterFourSeconds, fill } from '../../../test/helpers';
import { renderApp, renderAppAt } from '../../../test/render';
import { apiError, apiOk, apiUrl, authUser, recordCalls, server, testUser } from '../../../test/server';

const EMAIL = 'new.user@example.test';
const FIVE_MINUTES = 5 * 60 * 1000;

const resendButton = () => screen.getByRole('button', { name: 'Resend Code' });
const countdown = () => screen.getByLabelText('Resend countdown');

/** Opens /verify-account with a pending e-mail whose code was sent `agoMs` ago. */
async function openVerify(agoMs = 0, url = '/verify-account') {
  sessionStore.setPending(EMAIL, Date.now() - agoMs);
  return renderAppAt(url, 'Verify');
}

afterEach(() => vi.useRealTimers());

describe('verify-account: arriving', () => {
  it('redirects to /login when nothing is pending', async () => {
    const app = renderApp('/verify-account');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
  });

  it('a long e-mail wraps instead of widening the page', async () => {
    const email = 'alexandra.konstantinopoulou.longname+rally-test@example-mail.io';
    sessionStore.setPending(email, Date.now());
    await renderAppAt('/verify-account', 'Verify');
    expect(getComputedStyle(screen.getByText(email).parentElement!).overflowWrap).toBe('anywhere');
  });

  it('shows the e-mail the code went to', async () => {
    await openVerify();

    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getByText(/We sent a verification code to/)).toHaveTextContent(
      `We sent a verification code to ${EMAIL}.`,
    );
    expect(screen.getByLabelText('Verification Code')).toBeInTheDocument();
  });

  it('Back to login goes to /login, keeping where to go afterwards', async () => {
    const app = await openVerify(0, '/verify-account?redirect=%2Fprofile');

    await app.user.click(screen.getByRole('link', { name: 'Back to login' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.url()).toBe('/login?redirect=%2Fprofile');
  });
});

describe('verify-account: Resend Code and its 5-minute countdown', () => {
  it('is disabled while the countdown runs', async () => {
    expect(Timing.resendCountdownMs).toBe(FIVE_MINUTES);
    await openVerify();

    expect(countdown()).toHaveTextContent(/^(5:00|4:5\d)$/);
    expect(resendButton()).toBeDisabled();
  });

  it('counts down and is enabled at 0:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 70 s left; the fake clock also moves with real time, hence the ranges.
    await openVerify(FIVE_MINUTES - 70_000);

    expect(countdown()).toHaveTextContent(/^1:(0[5-9]|10)$/);
    expect(resendButton()).toBeDisabled();

    await advance(60_000);
    expect(countdown()).toHaveTextContent(/^0:(0[5-9]|10)$/);
    expect(resendButton()).toBeDisabled();

    await advance(10_500);
    expect(countdown()).toHaveTextContent('0:00');
    expect(resendButton()).toBeEnabled();
  });

  it('is enabled at once when the code was sent more than 5 minutes ago', async () => {
    await openVerify(FIVE_MINUTES + 1_000);

    expect(countdown()).toHaveTextContent('0:00');
    expect(resendButton()).toBeEnabled();
  });

  it('resending sends the e-mail and restarts the countdown', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.resendVerificationCode), async ({ request }) => {
        body = await request.json();
        return apiOk(null, Messages.codeSent);
      }),
    );
    const app = await openVerify(FIVE_MINUTES + 1_000);
    const oldSentAt = sessionStore.pending()!.sentAt;

    await app.user.click(resendButton());

    expect(await screen.findByText(Messages.codeSent)).toBeInTheDocument();
    expect(body).toEqual({ email: EMAIL });
    await waitFor(() => expect(resendButton()).toBeDisabled());
    expect(countdown()).toHaveTextContent(/^(5:00|4:5\d)$/);
    expect(sessionStore.pending()!.sentAt).toBeGreaterThan(oldSentAt);
    expect(sessionStore.pending()!.email).toBe(EMAIL);
  });

  it('a failed resend shows the server message and keeps Resend available', async () => {
    server.use(http.post(apiUrl(Routes.resendVerificationCode), () => apiError(429, Messages.tooManyRequests)));
    const app = await openVerify(FIVE_MINUTES + 1_000);

    await app.user.click(resendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.tooManyRequests);
    expect(resendButton()).toBeEnabled();
    expect(countdown()).toHaveTextContent('0:00');
  });
});

describe('verify-account: Verify', () => {
  it('checks the code before sending it', async () => {
    const calls = recordCalls();
    const app = await openVerify();

    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expectFieldError('Verification Code', Messages.codeRequired));

    await fill(app.user, 'Verification Code', '12');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expectFieldError('Verification Code', Messages.codeMin));
    expect(calls).toEqual([]);
  });

  it('a failure shows the first verification_code error, cleared after 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post(apiUrl(Routes.verifyAccount), () =>
        apiError(422, 'The given data was invalid.', {
          verification_code: [Messages.codeInvalid, 'A second message'],
        }),
      ),
    );
    const app = await openVerify();

    await fill(app.user, 'Verification Code', '123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.codeInvalid);
    expect(screen.queryByText('A second message')).not.toBeInTheDocument();
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
    await expectGoneAfterFourSeconds(Messages.codeInvalid);
    expect(app.location().pathname).toBe('/verify-account');
    expect(sessionStore.get()).toBeNull();
  });

  it('a failure without verification_code errors shows the response message', async () => {
    server.use(http.post(apiUrl(Routes.verifyAccount), () => apiError(429, Messages.tooManyRequests)));
    const app = await openVerify();

    await fill(app.user, 'Verification Code', '123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.tooManyRequests);
  });

  it('success signs the user in and leaves the auth screens', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.verifyAccount), async ({ request }) => {
        body = await request.json();
        return apiOk(authUser('verified-token', { ...testUser, email: EMAIL }));
      }),
    );
    const app = await openVerify();

    await fill(app.user, 'Verification Code', ' 123456 ');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(app.location().pathname).not.toBe('/verify-account'));
    expect(body).toEqual({ email: EMAIL, verification_code: '123456' });
    expect(app.visited[1]).toMatchObject({ pathname: '/', search: '' });
    expect(sessionStore.get()).toEqual({ token: 'verified-token', user: { ...testUser, email: EMAIL } });
    expect(sessionStore.pending()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('a guest sent to sign in, then to verify by a 403, lands on the page first opened', async () => {
    server.use(
      http.post(apiUrl(Routes.login), () => apiError(403, Messages.accountNotVerified)),
      http.post(apiUrl(Routes.verifyAccount), () => apiOk(authUser('verified-token', { ...testUser, email: EMAIL }))),
    );
    const app = renderApp('/profile?x=1');
    await screen.findByRole('button', { name: 'Sign In' });

    await fill(app.user, 'Email', EMAIL);
    await fill(app.user, 'Password', 'secret');
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Verify' });
    expect(app.url()).toBe('/verify-account?redirect=%2Fprofile%3Fx%3D1');

    await fill(app.user, 'Verification Code', '123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: testUser.full_name })).toBeInTheDocument();
    expect(app.url()).toBe('/profile?x=1');
  });
});
