import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI);

/**
 * Browser tests against the built app (npm run build) served by the real server, in Debian's
 * Chromium (/usr/bin/chromium, never a downloaded browser). harness/global-setup.ts starts an
 * SMTP sink and the server on free ports and sets E2E_BASE_URL / E2E_MAILBOX_URL; test workers
 * load this file again after that, so baseURL is known there.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './harness/global-setup.ts',
  // Two spec files at a time, each test's in order: every test sets up accounts of its own (each
  // from its own client address, tests/support/api-setup.ts), so they share the one server. On
  // the 2-core box the suite took 8 min 17 s with one worker and 6 min 13 s with two.
  fullyParallel: false,
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...(process.env.E2E_BASE_URL ? { baseURL: process.env.E2E_BASE_URL } : {}),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
