import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { sessionStore } from '../lib/session-storage';

/**
 * Starts the app in `container` (#root). The guest screens come prerendered (ADR 0011): the server
 * sends their markup in #root, marked `data-prerendered="<path>"`, and the visitor already sees
 * it. When it is exactly the screen the app renders now (a guest, at that path, with no query:
 * `?redirect=` and `?email=` change a screen's links and fields) React hydrates it, keeping the
 * elements, their focus and anything typed. Otherwise the app renders afresh: a signed-in visitor
 * was shown index.html's logo, not the markup (the page's boot script marked <html> with
 * `data-session`), so it is removed at once; a guest keeps seeing it until React's first commit
 * replaces it, without a blank frame in between.
 */
export function mountApp(container: HTMLElement, app: ReactNode): Root {
  const screen = container.dataset.prerendered;
  if (screen !== undefined) {
    const shown = !document.documentElement.hasAttribute('data-session');
    const { pathname, search } = window.location;
    if (shown && screen === pathname && search === '' && sessionStore.get() === null) {
      return hydrateRoot(container, app);
    }
    if (!shown) container.replaceChildren();
    delete container.dataset.prerendered;
  }
  const root = createRoot(container);
  // A transition: React renders the first screen in slices, giving the browser the main thread
  // between them, instead of in one long task (on a phone's CPU, hundreds of milliseconds during
  // which a tap waits; ADR 0035). The first commit is the same.
  startTransition(() => root.render(app));
  return root;
}
