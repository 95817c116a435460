/** Leaving or reloading the page, in one place so tests can watch it (jsdom implements neither). */
export const browser = {
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
};
