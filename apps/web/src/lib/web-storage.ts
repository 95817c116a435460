/** The part of Web Storage the app uses. */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/**
 * `localStorage` or `sessionStorage`, or a stand-in in memory where the browser denies them: a
 * Teams tab is a third-party frame, and a browser blocking third-party storage throws on the
 * first touch. The tab then works for the visit (a sign-in lasts until it is closed).
 */
function storage(name: 'localStorage' | 'sessionStorage'): WebStorage {
  try {
    // Reading the property is what throws.
    return window[name];
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => memory.set(key, value),
      removeItem: (key) => memory.delete(key),
      clear: () => memory.clear(),
    };
  }
}

export const local = storage('localStorage');
export const session = storage('sessionStorage');
