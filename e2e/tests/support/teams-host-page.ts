import type { BrowserContext, Frame, Page } from '@playwright/test';

/**
 * A fake Microsoft Teams host for the browser tests, as the SDK's own tests play one
 * (microsoft-teams-library-js, packages/teams-js/test/utils.ts): a page on another origin that
 * frames Rally and answers the SDK's postMessages. Its query names the page to frame (`src`), the
 * frame context ('content' or 'settings') and the theme. It records what Rally asks in
 * `window.teamsHost` (setValidityState, setSettings, the save's outcome) and can press Save and
 * change the theme, as Teams does.
 */
const HOST_PAGE = String.raw`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake Teams host</title>
<style>html, body { margin: 0; height: 100%; } iframe { display: block; width: 100%; height: 100%; border: 0; }</style>
</head>
<body>
<iframe id="rally" title="Rally tab"></iframe>
<script>
  const params = new URLSearchParams(location.search);
  const src = params.get('src');
  const frameContext = params.get('frameContext') || 'content';
  const theme = params.get('theme') || 'default';
  const rallyOrigin = new URL(src).origin;
  const frame = document.getElementById('rally');
  // What Teams tells a tab it supports (the SDK's runtime config, apiVersion 4).
  const runtime = { apiVersion: 4, supports: { appInstallDialog: {}, pages: { config: {}, tabs: {}, backStack: {} }, media: {}, teamsCore: {} } };
  const host = (window.teamsHost = { calls: [], validity: [], settings: [], saveOutcome: null });
  const send = (message) => frame.contentWindow.postMessage(message, rallyOrigin);
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== rallyOrigin) return;
    const message = event.data;
    if (!message || typeof message.func !== 'string') return;
    host.calls.push(message.func);
    const reply = (args) => send({ id: message.id, uuidAsString: message.uuidAsString, args });
    switch (message.func) {
      case 'initialize':
        reply([frameContext, 'web', JSON.stringify(runtime), '2.0.4']);
        break;
      case 'getContext':
        reply([{ locale: 'en-us', theme, frameContext, hostClientType: 'web', hostName: 'Teams', entityId: 'rally-tab', appSessionId: 'session-1' }]);
        break;
      case 'settings.setValidityState':
        host.validity.push(message.args[0]);
        break;
      case 'settings.setSettings':
        host.settings.push(message.args[0]);
        reply([true]);
        break;
      case 'settings.save.success':
        host.saveOutcome = 'success';
        break;
      case 'settings.save.failure':
        host.saveOutcome = 'failure: ' + message.args[0];
        break;
    }
  });
  host.save = () => send({ func: 'settings.save', args: [{}] });
  host.changeTheme = (next) => send({ func: 'themeChange', args: [next] });
  frame.src = src;
</script>
</body>
</html>`;

/** Serves the fake host page for every path of `origin` in this browser context. */
export async function serveTeamsHost(context: BrowserContext, origin: string): Promise<void> {
  await context.route(`${origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: HOST_PAGE }),
  );
  // The SDK fetches its list of Microsoft hosts from a CDN (Rally's CSP refuses it; the SDK then
  // uses the list it carries): the tests never reach the internet.
  await context.route('https://res.cdn.office.net/**', (route) => route.abort());
}

/** The host page's URL that frames `rallyUrl` as a tab in `frameContext`. */
export const hostUrl = (origin: string, rallyUrl: string, frameContext: 'content' | 'settings', theme = 'default') =>
  `${origin}/host?${new URLSearchParams({ src: rallyUrl, frameContext, theme }).toString()}`;

export interface HostRecord {
  calls: string[];
  validity: boolean[];
  settings: Record<string, unknown>[];
  saveOutcome: string | null;
}

/** What the fake host recorded so far. */
export const hostRecord = (page: Page) =>
  page.evaluate(() => {
    const { calls, validity, settings, saveOutcome } = (window as unknown as { teamsHost: HostRecord }).teamsHost;
    return { calls, validity, settings, saveOutcome };
  });

/** The user presses the host's Save (the configure dialog's button). */
export const pressSave = (page: Page) =>
  page.evaluate(() => (window as unknown as { teamsHost: { save: () => void } }).teamsHost.save());

/** The host switches to another theme. */
export const changeTheme = (page: Page, theme: string) =>
  page.evaluate(
    (t) => (window as unknown as { teamsHost: { changeTheme: (t: string) => void } }).teamsHost.changeTheme(t),
    theme,
  );

/** Rally's frame in the host page. */
export function rallyFrame(page: Page, rallyOrigin: string): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(rallyOrigin));
  if (!frame) throw new Error(`no frame of ${rallyOrigin} in ${page.url()}`);
  return frame;
}
