import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type Location } from 'react-router';
import { vi } from 'vitest';
import type { UserDto } from '@rally/contract';
import { AppProviders, makeQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { sessionStore } from '../lib/session-storage';
import { authUser, testUser } from './server';

export interface RenderAppOptions {
  /** Signs this user in (with token `token-123`) before the first render. */
  signedInAs?: UserDto;
}

/** Puts a signed-in session in local storage, as a login would. */
export function signIn(user: UserDto = testUser, token = 'token-123') {
  sessionStore.signIn(authUser(token, user));
}

/**
 * Renders the real route table at `url` inside the app's providers, in memory.
 * `visited` lists every location the router went through (redirects included), `location()` the current one.
 * The user-event instance works with real timers and with `vi.useFakeTimers({ shouldAdvanceTime: true })`.
 */
export function renderApp(url: string, { signedInAs }: RenderAppOptions = {}) {
  if (signedInAs) signIn(signedInAs);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const visited: Location[] = [router.state.location];
  router.subscribe((state) => {
    if (state.location !== visited.at(-1)) visited.push(state.location);
  });

  const queryClient = makeQueryClient();
  // Keep the app's defaults, but fail at once instead of retrying with back-off.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });

  const user = userEvent.setup({
    // No pause between keystrokes and clicks: keeps the suite fast, React still renders each event.
    delay: null,
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );

  return {
    ...view,
    user,
    router,
    queryClient,
    visited,
    /** The router's current location. */
    location: () => router.state.location,
    /** Current path plus search, e.g. `/login?redirect=%2Fprofile`. */
    url: () => router.state.location.pathname + router.state.location.search,
  };
}

/** `renderApp`, then waits for the button named `ready`: the screen under test has rendered. */
export async function renderAppAt(url: string, ready: string, options?: RenderAppOptions) {
  const app = renderApp(url, options);
  await screen.findByRole('button', { name: ready });
  return app;
}
