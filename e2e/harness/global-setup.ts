import type { FullConfig } from '@playwright/test';
import { startAppServer } from './app-server.js';
import { startMailSink } from './mail-sink.js';
import { frameAncestorsWithTestHost } from './teams-host.js';

/**
 * Starts the SMTP sink and the built server once for the whole run. Their addresses reach the
 * config (baseURL) and the tests (mailbox) through the environment, which the test workers
 * inherit. The returned function is Playwright's global teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const sink = await startMailSink();
  let server;
  try {
    // The trial-expiry job every second, so a browser test sees an ended trial switched at once;
    // the fake Teams host of teams-tab.spec.ts among those that may frame the app; X-Forwarded-For
    // trusted, so accounts set up through the API each come from an address of their own
    // (tests/support/api-setup.ts).
    server = await startAppServer({
      smtpUrl: sink.smtpUrl,
      env: {
        TRIAL_EXPIRY_EVERY_MS: '1000',
        FRAME_ANCESTORS: await frameAncestorsWithTestHost(),
        TRUST_PROXY: 'true',
      },
    });
  } catch (err) {
    await sink.close();
    throw err;
  }
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_MAILBOX_URL = sink.httpUrl;
  // The server's data folder: a test may end a trial in its database, as time would (billing.spec.ts).
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_WEB_BUILT = server.webBuilt ? '1' : '0';
  console.log(`[e2e] server ${server.baseUrl} (data ${server.dataDir}), mail sink ${sink.smtpUrl}`);
  if (!server.webBuilt)
    console.log('[e2e] apps/web/dist is not built: only the API is served, browser tests of pages will fail');

  return async () => {
    await server.stop();
    await sink.close();
  };
}
