import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes } from '@rally/contract';
import { setUnauthorizedHandler } from '../lib/api-client';
import { renderApp } from '../test/render';
import { apiError, apiUrl, recordCalls, server, testUser } from '../test/server';
import { paths } from '../config/paths';
import { routes } from './router';

const loginUrlFor = (redirect: string) => `/login?${new URLSearchParams({ redirect }).toString()}`;

/** Where the route table's catch-all (`path: '*'`) sends a signed-in user. */
function catchAllTarget(list: RouteObject[]): string | undefined {
  for (const route of list) {
    if (route.path === '*' && isValidElement<{ to?: unknown }>(route.element)) {
      const { to } = route.element.props;
      if (typeof to === 'string') return to;
    }
    const inner = route.children && catchAllTarget(route.children);
    if (inner) return inner;
  }
  return undefined;
}

describe('private routes, for a guest', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile?x=1', '/profile?x=1'],
    ['/profile?tab=password&x=a%20b', '/profile?tab=password&x=a%20b'],
    ['/', '/'],
  ])('%s lands on /login with the path and search to come back to', async (opened, redirect) => {
    const app = renderApp(opened);

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.location().pathname).toBe(paths.login);
    expect(new URLSearchParams(app.location().search).get('redirect')).toBe(redirect);
    expect(app.url()).toBe(loginUrlFor(redirect));
  });

  it('an unknown path also goes to sign-in first, remembering it', async () => {
    const app = renderApp('/no/such/page?a=1');

    await screen.findByRole('button', { name: 'Sign In' });
    expect(app.url()).toBe(loginUrlFor('/no/such/page?a=1'));
  });

  it('never calls the API for the private page', async () => {
    const calls = recordCalls();
    renderApp('/profile');

    await screen.findByRole('button', { name: 'Sign In' });
    expect(calls).toEqual([]);
  });
});

describe('auth screens', () => {
  it.each([paths.login, paths.register, paths.forgotPassword])('%s is shown to a guest', async (path) => {
    const app = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(app.location().pathname).toBe(path);
    expect(app.visited).toHaveLength(1);
  });

  it('a signed-in user opening /login goes to the redirect value, search included', async () => {
    const app = renderApp(loginUrlFor('/profile?x=1'), { signedInAs: testUser });

    expect(await screen.findByRole('heading', { name: testUser.full_name })).toBeInTheDocument();
    expect(app.url()).toBe('/profile?x=1');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('a signed-in user opening /register goes to the redirect value', async () => {
    const app = renderApp(`/register?${new URLSearchParams({ redirect: '/profile' }).toString()}`, {
      signedInAs: testUser,
    });

    await screen.findByRole('heading', { name: testUser.full_name });
    expect(app.url()).toBe('/profile');
  });

  it.each([paths.login, paths.register, paths.forgotPassword, paths.verifyAccount])(
    'a signed-in user opening %s without a redirect goes to /',
    async (path) => {
      const app = renderApp(path, { signedInAs: testUser });

      await waitFor(() => expect(app.visited.length).toBeGreaterThan(1));
      expect(app.visited[1]).toMatchObject({ pathname: paths.home, search: '' });
      expect(app.location().pathname).not.toBe(path);
      expect(screen.queryByRole('button', { name: /Sign In|Sign Up|Send Code|Verify/ })).not.toBeInTheDocument();
    },
  );

  // Every shape of an off-site value is covered by paths.test.ts; these go through the router.
  it.each(['//evil.test/profile', 'https://evil.test', '/\\evil.test'])(
    'never follows redirect=%j off the site: it goes to / instead',
    async (redirect) => {
      const app = renderApp(loginUrlFor(redirect), { signedInAs: testUser });

      await waitFor(() => expect(app.visited.length).toBeGreaterThan(1));
      expect(app.visited[1]).toMatchObject({ pathname: paths.home, search: '' });
      for (const location of app.visited) expect(location.pathname).not.toMatch(/evil|^\/\/|\\/);
    },
  );
});

describe('unknown paths, signed in', () => {
  it('redirect where the route table says', async () => {
    const target = catchAllTarget(routes);
    expect(target, 'the route table has a catch-all <Navigate to=... /> for private paths').toBeDefined();

    const app = renderApp('/no/such/page', { signedInAs: testUser });

    await waitFor(() => expect(app.visited.length).toBeGreaterThan(1));
    expect(app.visited[1]!.pathname).toBe(target);
    expect(app.location().pathname).not.toBe('/no/such/page');
    expect(app.location().pathname).not.toBe(paths.login);
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });
});

describe('leaving the session', () => {
  afterEach(() => setUnauthorizedHandler(() => undefined));

  it('Sign Out calls logout with the token, clears local storage and lands on /login', async () => {
    const calls = recordCalls();
    const app = renderApp('/profile', { signedInAs: testUser });

    await app.user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await app.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }));

    await screen.findByRole('button', { name: 'Sign In' });
    expect(app.location().pathname).toBe(paths.login);
    const logout = calls.find((c) => c.path === '/api/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-123');
    expect(localStorage.length).toBe(0);
  });

  it("Sign Out unsubscribes this browser's push subscription before local storage is cleared", async () => {
    // A shared computer: the next person must not get the team's pushes (issue 20).
    const storedAtUnsubscribe: (string | null)[] = [];
    const unsubscribe = vi.fn(() => {
      storedAtUnsubscribe.push(localStorage.getItem('rally.token'));
      return Promise.resolve(true);
    });
    const getSubscription = vi.fn(() => Promise.resolve({ unsubscribe }));
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve({ pushManager: { getSubscription } }) },
    });
    try {
      const app = renderApp('/profile', { signedInAs: testUser });
      await app.user.click(await screen.findByRole('button', { name: 'Account menu' }));
      await app.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }));
      await screen.findByRole('button', { name: 'Sign In' });
      expect(unsubscribe).toHaveBeenCalledTimes(1);
      expect(storedAtUnsubscribe).toEqual(['token-123']);
      expect(localStorage.length).toBe(0);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('a 401 on a private page signs the user out and the guard sends them to sign in', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(http.get(apiUrl(Routes.profile), () => apiError(401, 'Unauthenticated.')));
    const app = renderApp('/profile?x=1', { signedInAs: testUser });

    await screen.findByRole('button', { name: 'Sign In' });
    expect(app.url()).toBe(loginUrlFor('/profile?x=1'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('rally.token')).toBeNull();
  });
});
