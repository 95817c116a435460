import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadFirstScreens } from './app/router';
import { sessionStore } from './lib/session-storage';

function render() {
  createRoot(document.getElementById('root')!).render(
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
