import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter, type Location } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { UserDto } from '@rally/contract';
import { AppProviders, makeQueryClient } from '../app/providers';
import { preloadMatchedScreens } from '../app/lazy-screen';
import { AppRoutes, routes } from '../app/router';
import { sessionStore } from '../lib/session-storage';
import { authUser, testUser } from './server';

/** Every location the apps of this test went through, to let their screens finish loading. */
const visitedThisTest: Location[] = [];

// A test may end right after a navigation, with the next screen's chunk still loading; were it the
// file's last test, that import would land after the environment is torn down (an unhandled
// EnvironmentTeardownError that fails the run). Each test waits for the screens it asked for.
afterEach(async () => {
  const visited = visitedThisTest.splice(0);
  await Promise.all(visited.map((location) => preloadMatchedScreens(routes, location.pathname)));
});

export interface RenderAppOptions {
  /** Signs this user in (with token `token-123`) before the first render. */
  signedInAs?: UserDto;
}

/** Puts a signed-in session in local storage, as a login would. */
export function signIn(user: UserDto = testUser, token = 'token-123') {
  sessionStore.signIn(authUser(token, user));
}

/**
 * Renders the real route table at `url` inside the app's providers, in memory. Screens are lazy
 * chunks: wait for what a test looks at (`findBy…`, `waitFor`, or `renderAppAt`).
 * `visited` lists every location the router went through (redirects included), `location()` the current one.
 * The user-event instance works with real timers and with `vi.useFakeTimers({ shouldAdvanceTime: true })`.
 */
export function renderApp(url: string, { signedInAs }: RenderAppOptions = {}) {
  if (signedInAs) signIn(signedInAs);
  // The app's router over an in-memory history; every push and replace is recorded as it happens.
  const history = UNSAFE_createMemoryHistory({ initialEntries: [url], v5Compat: true });
  const visited: Location[] = [history.location];
  visitedThisTest.push(history.location);
  const listen = history.listen.bind(history);
  history.listen = (listener) =>
    listen((update) => {
      if (update.location !== visited.at(-1)) {
        visited.push(update.location);
        visitedThisTest.push(update.location);
      }
      listener(update);
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
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>,
  );

  return {
    ...view,
    user,
    queryClient,
    visited,
    /** The router's current location. */
    location: () => history.location,
    /** Current path plus search, e.g. `/login?redirect=%2Fprofile`. */
    url: () => history.location.pathname + history.location.search,
  };
}

/** `renderApp`, then waits for the button named `ready`: the screen under test has rendered. */
export async function renderAppAt(url: string, ready: string, options?: RenderAppOptions) {
  const app = renderApp(url, options);
  await screen.findByRole('button', { name: ready });
  return app;
}
