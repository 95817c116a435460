/** How long after the page's load event the first screen is taken to be drawn (issue 25). */
const AFTER_LOAD_MS = 1000;

/**
 * Runs `task` a second after the page has loaded, once the browser has a moment with nothing to
 * do: for code the first screen does not draw (notistack, the menus, dialogs and tooltips), so
 * that it downloads after that screen rather than on its way (issue 25; the load event alone comes
 * before the app has drawn its page). Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    const wait = setTimeout(whenFree, AFTER_LOAD_MS);
    cancel = () => clearTimeout(wait);
  };
  const whenFree = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout: 3000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(task, 0);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
