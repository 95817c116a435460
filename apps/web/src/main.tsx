import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { mountApp } from './app/mount';
import { AppProviders } from './app/providers';
import { loadHostThemes } from './app/theme';
import { AppRoutes, preloadFirstScreens } from './app/router';
import { dropEarlyReadsLater } from './lib/early-reads';
import { sessionStore } from './lib/session-storage';
import { detectTeamsHost, teamsHost } from './lib/teams-host';

// The same tree as prerender.tsx renders for the guest screens, which this hydrates (app/mount.tsx).
function render() {
  const root = document.getElementById('root')!;
  // A Teams tab may wear the host's dark or contrast theme: it renders afresh, never hydrating
  // the prerendered screen drawn in Rally's own theme.
  if (teamsHost().inHost) delete root.dataset.prerendered;
  mountApp(
    root,
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
  dropEarlyReadsLater();
}

// The first screen's chunks are already on their way (index.html preloads the sign-in screen;
// this starts a signed-in user's): render once they are here, in one pass, instead of a blank
// fallback first. A failed download still renders, and the route's own load shows the error.
// In a frame the Teams host is asked first (at most a short while; outside a frame the answer is
// immediate), so a tab opens with its layout and theme, without a flash of the normal app's.
// (Not a top-level await: the screens' chunks import from this one, which must finish first.)
void Promise.allSettled([
  preloadFirstScreens(window.location.pathname, sessionStore.get() !== null),
  detectTeamsHost().then((host) => (host.inHost ? loadHostThemes() : null)),
]).finally(render);
