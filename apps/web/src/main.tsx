import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { mountApp } from './app/mount';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadFirstScreens } from './app/router';
import { sessionStore } from './lib/session-storage';

// The same tree as prerender.tsx renders for the guest screens, which this hydrates (app/mount.tsx).
function render() {
  mountApp(
    document.getElementById('root')!,
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// The first screen's chunks are already on their way (index.html preloads the sign-in screen;
// this starts a signed-in user's): render once they are here, in one pass, instead of a blank
// fallback first. A failed download still renders, and the route's own load shows the error.
// (Not a top-level await: the screens' chunks import from this one, which must finish first.)
void preloadFirstScreens(window.location.pathname, sessionStore.get() !== null).finally(render);
