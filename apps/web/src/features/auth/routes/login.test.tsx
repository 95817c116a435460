import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes, Messages, SecurityMessages, Timing } from '@rally/contract';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';
import {
  advance,
  expectFieldError,
  expectGoneAfterFourSeconds,
  expectNoFieldError,
  fillAll,
} from '../../../test/helpers';
import { renderAppAt } from '../../../test/render';
import { apiError, apiOk, apiUrl, authUser, recordCalls, server, testUser } from '../../../test/server';

const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

const openLogin = (url = '/login') => renderAppAt(url, 'Sign In');

afterEach(() => {
  vi.useRealTimers();
  setUnauthorizedHandler(() => undefined);
});

describe('login: client validation', () => {
  it('an empty form shows the required messages and sends nothing', async () => {
    const calls = recordCalls();
    const { user } = await openLogin();

    await user.click(signInButton());

    await waitFor(() => expectFieldError('Email', Messages.emailRequired));
    expect(Messages.emailRequired).toBe('Email is required.');
    expectFieldError('Password', 'Password is required');
    expect(calls).toEqual([]);
  });

  it('an invalid e-mail and a 3-character password show their messages and send nothing', async () => {
    const calls = recordCalls();
    const { user } = await openLogin();

    await fillAll(user, { Email: 'not-an-email', Password: 'abc' });
    await user.click(signInButton());

    await waitFor(() => expectFieldError('Email', 'Please enter a valid email address.'));
    expectFieldError('Password', 'Password cannot be less then 4 words');
    expect(calls).toEqual([]);
  });

  it('the messages go once the fields are fixed', async () => {
    server.use(http.post(apiUrl(Routes.login), () => apiError(422, Messages.invalidCredentials)));
    const { user } = await openLogin();
    await user.click(signInButton());
    await waitFor(() => expectFieldError('Email', Messages.emailRequired));

    await fillAll(user, { Email: 'ada@example.test', Password: 'abcd' });
    await user.click(signInButton());

    await screen.findByRole('alert');
    expectNoFieldError('Email');
    expectNoFieldError('Password');
  });
});

describe('login: server answers', () => {
  it('shows the server message for 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post(apiUrl(Routes.login), () =>
        apiError(422, Messages.invalidCredentials, { email: [Messages.invalidCredentials] }),
      ),
    );
    const app = await openLogin();

    await fillAll(app.user, { Email: 'ada@example.test', Password: 'wrong-password' });
    await app.user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    await expectGoneAfterFourSeconds(Messages.invalidCredentials);
    expect(app.location().pathname).toBe('/login');
    expect(sessionStore.get()).toBeNull();
  });

  it('a 401 from login is shown as a message and signs nobody out', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(http.post(apiUrl(Routes.login), () => apiError(401, 'Wrong e-mail or password.')));
    const app = await openLogin('/login?redirect=%2Fprofile');
    sessionStore.setPending('earlier@example.test', 5);

    await fillAll(app.user, { Email: 'ada@example.test', Password: 'wrong-password' });
    await app.user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStore.pending()).toEqual({ email: 'earlier@example.test', sentAt: 5 });
    expect(app.url()).toBe('/login?redirect=%2Fprofile');
  });

  it('a 403 (unverified account) goes to /verify-account with the e-mail stored', async () => {
    server.use(
      http.post(apiUrl(Routes.login), () => apiError(403, Messages.accountNotVerified)),
      http.post(apiUrl(Routes.resendVerificationCode), () => apiOk(null, Messages.codeSent)),
    );
    const app = await openLogin();

    await fillAll(app.user, { Email: '  Ada@Example.TEST ', Password: 'secret' });
    await app.user.click(signInButton());

    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/verify-account');
    expect(sessionStore.pending()?.email).toBe('ada@example.test');
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    // The refused login mailed a code: the Resend countdown starts fresh, as after sign-up.
    expect(screen.getByLabelText('Resend countdown')).toHaveTextContent(/^(5:00|4:5\d)$/);
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  });

  it('after a 403 the countdown runs out and Resend Code is enabled at 0:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post(apiUrl(Routes.login), () => apiError(403, Messages.accountNotVerified)));
    const app = await openLogin();
    await fillAll(app.user, { Email: 'ada@example.test', Password: 'secret' });
    await app.user.click(signInButton());
    const resend = await screen.findByRole('button', { name: 'Resend Code' });

    await advance(Timing.resendCountdownMs - 5_000);
    expect(resend).toBeDisabled();
    await advance(6_000);
    expect(screen.getByLabelText('Resend countdown')).toHaveTextContent('0:00');
    expect(resend).toBeEnabled();
  });

  it('success stores the session and goes to the redirect', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.login), async ({ request }) => {
        body = await request.json();
        return apiOk(authUser('fresh-token'));
      }),
    );
    const calls = recordCalls();
    const app = await openLogin(`/login?${new URLSearchParams({ redirect: '/profile?x=1' }).toString()}`);

    await fillAll(app.user, { Email: 'Ada@Example.test', Password: 'secret' });
    await app.user.click(signInButton());

    expect(await screen.findByRole('heading', { name: testUser.full_name })).toBeInTheDocument();
    expect(app.url()).toBe('/profile?x=1');
    expect(body).toEqual({ email: 'ada@example.test', password: 'secret' });
    expect(localStorage.getItem('rally.token')).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem('rally.user')!)).toEqual(testUser);
    expect(sessionStore.get()).toEqual({ token: 'fresh-token', user: testUser });
    // The next call carries the new token.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/profile')).toBe(true));
    expect(calls.find((c) => c.path === '/api/user/profile')!.headers.get('authorization')).toBe('Bearer fresh-token');
  });

  it('success without a redirect goes to /', async () => {
    server.use(http.post(apiUrl(Routes.login), () => apiOk(authUser())));
    const app = await openLogin();

    await fillAll(app.user, { Email: 'ada@example.test', Password: 'secret' });
    await app.user.click(signInButton());

    await waitFor(() => expect(app.location().pathname).not.toBe('/login'));
    expect(app.visited[1]).toMatchObject({ pathname: '/', search: '' });
    expect(sessionStore.get()?.token).toBe('token-123');
  });

  it('success with an off-site redirect goes to / and never off the site', async () => {
    server.use(http.post(apiUrl(Routes.login), () => apiOk(authUser())));
    const app = await openLogin(`/login?${new URLSearchParams({ redirect: '//evil.test/x' }).toString()}`);

    await fillAll(app.user, { Email: 'ada@example.test', Password: 'secret' });
    await app.user.click(signInButton());

    await waitFor(() => expect(app.location().pathname).not.toBe('/login'));
    expect(app.visited[1]).toMatchObject({ pathname: '/', search: '' });
    for (const location of app.visited) expect(location.pathname).not.toContain('evil');
  });
});

describe('login: an account guarded after failures elsewhere (ADR 0021)', () => {
  it("shows the server's message; the sign-in code link keeps where to go afterwards", async () => {
    server.use(
      http.post(apiUrl(Routes.login), () =>
        HttpResponse.json({ message: SecurityMessages.loginLocked, code: 'login_locked' }, { status: 429 }),
      ),
    );
    const app = await openLogin(`/login?${new URLSearchParams({ redirect: '/profile' }).toString()}`);

    await fillAll(app.user, { Email: 'ada@example.test', Password: 'right-or-wrong' });
    await app.user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(SecurityMessages.loginLocked);
    await app.user.click(screen.getByRole('link', { name: 'Email me a sign-in code' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login/code'));
    expect(app.location().search).toBe(`?${new URLSearchParams({ redirect: '/profile' }).toString()}`);
  });
});
