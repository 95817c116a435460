/**
 * The guest screens rendered to HTML at build time (ADR 0011). Not part of the app's bundle: the
 * `rally:prerender` plugin of vite.config.ts loads this module in Node (Vite's SSR module loader)
 * at the end of `vite build` and writes `dist/prerendered/<screen>.html`, which the server sends
 * for those paths instead of index.html (apps/server/src/http/web-app.ts). The screen is drawn
 * from that HTML and its inlined critical CSS before any script has arrived; the app's modules
 * load once it has been painted, and main.tsx hydrates it (app/mount.tsx).
 *
 * Hydration needs the same tree as main.tsx renders, so this renders the same providers and
 * routes, for a guest (lib/session.tsx answers "no session" on the server and while hydrating).
 */
import { withEmotionCache, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PAGE_BOOT_SCRIPT, SIGNED_IN_BOOT_SCRIPT } from '@rally/contract';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadFirstScreens } from './app/router';
import { paths } from './config/paths';

/**
 * The screens a first visit is likely to open without a session. Not /verify-account: it shows
 * the e-mail kept in localStorage, which the build cannot know (and is reached from these).
 */
export const PRERENDERED_PATHS = [paths.login, paths.register, paths.forgotPassword] as const;

/**
 * The `<style>` tags of what `html` uses, as @emotion/server writes them: the global styles one
 * tag each (`css-global <name>`), the class styles in one tag listing their names (`css <names>`).
 * Emotion's client cache, created when the app starts, adopts tags of exactly this form instead
 * of inserting the same rules again (and so do the `Global` components of CssBaseline).
 */
function styleTags(cache: EmotionCache, html: string): string {
  const used = new Set([...html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9_-]+)`, 'g'))].map((m) => m[1]));
  const tags: string[] = [];
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const isClass = cache.registered[`${cache.key}-${name}`] !== undefined;
    if (!isClass) tags.push(`<style data-emotion="${cache.key}-global ${name}">${rules}</style>`);
    else if (used.has(name)) {
      names.push(name);
      css += rules;
    }
  }
  tags.push(`<style data-emotion="${cache.key} ${names.join(' ')}">${css}</style>`);
  return tags.join('');
}

/** The screen at `pathname` as a guest sees it on arrival, and the CSS it needs. */
export async function renderScreen(pathname: string): Promise<{ html: string; css: string }> {
  // As main.tsx does before its first render: the screen's chunk is there, so it renders at once.
  await preloadFirstScreens(pathname, false);
  let cache: EmotionCache | undefined;
  // On the server emotion makes a cache for the tree when none is provided (the client has its
  // own from the start); `compat` keeps the rules in the cache instead of writing <style> tags
  // beside each element, as @emotion/server does, so they can go into <head>.
  const CollectStyles = withEmotionCache(({ children }: { children: ReactNode }, emotionCache: EmotionCache) => {
    emotionCache.compat = true;
    cache = emotionCache;
    return children;
  });
  const html = renderToString(
    <CollectStyles>
      <AppProviders>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </CollectStyles>,
  );
  if (!cache) throw new Error(`prerender ${pathname}: emotion made no style cache`);
  if (!html.includes('<h1')) throw new Error(`prerender ${pathname}: no screen was rendered (a redirect?)`);
  return { html, css: styleTags(cache, html) };
}

/**
 * index.html as built, turned into the page of the screen at `pathname`: the screen's markup in
 * #root (`data-prerendered` tells app/mount.tsx which screen it is), its CSS in <head>, rendering
 * held until #root is parsed, and Vite's entry script and modulepreloads replaced by the page's
 * boot script, which loads the same modules once the screen has been painted (`PAGE_BOOT_SCRIPT`,
 * ADR 0011).
 */
export async function prerenderPage(template: string, pathname: string): Promise<string> {
  const { html, css } = await renderScreen(pathname);
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let page = [entry, ...preloads].reduce((text, tag) => (tag ? text.replace(tag[0], '') : text), template);
  // index.html's signed-in boot script (ADR 0035) is not for these pages, which are a guest's.
  const signedInEnd = page.indexOf(`>${SIGNED_IN_BOOT_SCRIPT}</script>`);
  if (signedInEnd >= 0)
    page =
      page.slice(0, page.lastIndexOf('<script', signedInEnd)) +
      page.slice(signedInEnd + `>${SIGNED_IN_BOOT_SCRIPT}</script>`.length).replace(/^\s+/, '');
  const root = '<div id="root"></div>';
  const expected = [root, '<div id="boot"', '</head>'];
  if (!entry || /<script\b/.test(page) || !expected.every((part) => page.includes(part)))
    throw new Error('prerender: index.html is not as expected (one entry <script type="module">, #root, #boot)');
  const modules = [entry[1], ...preloads.map((tag) => tag[1])];
  // Nothing is painted before #root has been parsed whole (#boot comes right after it): a card
  // painted half-parsed would grow, and being centred, move (a layout shift).
  const expectRoot = '<link rel="expect" href="#boot" blocking="render">';
  const boot = `<script data-modules="${modules.join(' ')}">${PAGE_BOOT_SCRIPT}</script>`;
  page = page
    .replace('</head>', () => `${expectRoot}${boot}${css}</head>`)
    .replace(root, () => `<div id="root" data-prerendered="${pathname}">${html}</div>`);
  return page;
}
