import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, type Locator, type Page, type TestInfo } from '@playwright/test';
import config from '../../playwright.config.js';

/** The two sizes every screen is looked at in (README: screenshots at both). */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * The spec file's browsers get Chromium's fake camera and microphone (a test pattern and a tone),
 * allowed without asking. Call it at the top of a spec file.
 */
export function useFakeMedia(): void {
  const launch = config.projects?.[0]?.use?.launchOptions ?? {};
  test.use({
    launchOptions: {
      ...launch,
      args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    },
    permissions: ['camera', 'microphone'],
  });
}

export interface ShotOptions {
  /** Where copies go besides the test's output (e.g. /tmp/shots23), to be looked at. */
  dir: string;
  /** Only this element (else the whole page). */
  target?: () => Locator;
  /** Run at each size before its shot (to open again what a resize closed). */
  prepare?: () => Promise<void>;
}

/**
 * Screenshots of what `page` shows now at both sizes (then back to the size it had), saved with
 * the test's output and copied to `dir`. A page wider than its window (sideways scrolling) is
 * noted on the test's annotations.
 */
export async function shots(page: Page, testInfo: TestInfo, name: string, options: ShotOptions): Promise<void> {
  mkdirSync(options.dir, { recursive: true });
  const before = page.viewportSize();
  await page.mouse.move(0, 0); // no tooltip of the last button clicked
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400); // the layout and MUI's transitions settle at the new size
    await options.prepare?.();
    const file = testInfo.outputPath(`${name}-${label}.png`);
    if (options.target) await options.target().screenshot({ path: file });
    else await page.screenshot({ path: file });
    copyFileSync(file, path.join(options.dir, path.basename(file)));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0)
      testInfo.annotations.push({ type: 'horizontal scroll', description: `${name}-${label}: ${overflow}px` });
  }
  if (before) {
    await page.setViewportSize(before);
    await page.waitForTimeout(400); // what the last size showed may still be leaving
  }
}
