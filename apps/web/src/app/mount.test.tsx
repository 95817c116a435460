import { act } from '@testing-library/react';
import { useState } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_BOOT_SCRIPT } from '@rally/contract';
import { signIn } from '../test/render';
import { mountApp } from './mount';

/**
 * The prerendered page's inline script, run as the browser runs it before the first paint (with no
 * `data-modules` here, so it loads nothing).
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own inline script, as a browser runs it
const runBootScript = () => void new Function(PAGE_BOOT_SCRIPT)();

/** The screen as prerendered: markup in #root marked with its path (apps/web/src/prerender.tsx). */
const MARKUP = '<button type="button">Sign in (0)</button>';
function Screen() {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {`Sign in (${clicks})`}
    </button>
  );
}

let root: Root | undefined;
function prerendered(url: string) {
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.prerendered = '/login';
  container.innerHTML = MARKUP;
  document.body.append(container);
  runBootScript();
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-session');
  window.history.replaceState(null, '', '/');
});

describe('the boot script of a prerendered page', () => {
  it('marks the page of a visitor with a stored session, and only theirs', () => {
    runBootScript();
    expect(document.documentElement).not.toHaveAttribute('data-session');
    signIn();
    runBootScript();
    expect(document.documentElement).toHaveAttribute('data-session');
  });
});

describe('mountApp on a prerendered screen', () => {
  it('hydrates it for a guest at its path: the same elements, now interactive', async () => {
    const container = prerendered('/login');
    const button = container.firstElementChild;
    await act(async () => {
      root = mountApp(container, <Screen />);
    });
    expect(container.firstElementChild).toBe(button);
    await act(async () => button?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(container).toHaveTextContent('Sign in (1)');
  });

  it('renders afresh when the URL has a query (its links and fields may differ), replacing the markup in one commit', async () => {
    const container = prerendered('/login?redirect=%2Fprofile');
    const button = container.firstElementChild;
    root = mountApp(container, <Screen />);
    // Until React commits, the visitor keeps seeing the screen, not a blank page.
    expect(container.firstElementChild).toBe(button);
    await act(async () => {});
    expect(container.firstElementChild).not.toBe(button);
    expect(container.innerHTML).toBe(MARKUP);
    expect(container.dataset.prerendered).toBeUndefined();
  });

  it('drops it at once for a signed-in visitor, who was shown the logo instead', async () => {
    signIn();
    const container = prerendered('/login');
    expect(document.documentElement).toHaveAttribute('data-session');
    root = mountApp(container, <p>Your teams</p>);
    expect(container).toBeEmptyDOMElement();
    expect(container.dataset.prerendered).toBeUndefined();
    await act(async () => {});
    expect(container).toHaveTextContent('Your teams');
  });

  it('renders as usual where nothing was prerendered', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = mountApp(container, <Screen />);
    });
    expect(container.innerHTML).toBe(MARKUP);
  });
});
