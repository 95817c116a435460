import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 AA rule set the app is held to (issue 25). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Impacts that fail a sweep; minor and moderate findings are left to review. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Waits until no CSS animation or transition runs (a dialog fading in would be measured half
 * transparent, its text "low contrast"), then a frame more.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // A skeleton's pulse or a spinner never ends: only the ones that do are waited for.
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    null,
    { timeout: 10_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

export interface CheckOptions {
  /** Only this part of the page (a CSS selector), as it is scrolled now. */
  include?: string;
}

/**
 * The serious and critical axe-core violations on `page` now, one readable line per failing
 * element: state, impact, rule id, the rule's help, the element's selector and axe's summary of
 * what is wrong with it.
 */
export async function seriousViolations(page: Page, state: string, options: CheckOptions = {}): Promise<string[]> {
  // At the top of the page, nothing has scrolled under the fixed top bar or the sticky create
  // panel: axe counts a button half under a fixed bar as too small a target (target-size).
  if (!options.include) await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (options.include) builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${state}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
      ),
    );
}

/**
 * Checks `page` now and records its serious or critical violations as a soft failure named after
 * `state`, so that one sweep reports every state's findings at once.
 */
export async function expectAccessible(page: Page, state: string, options: CheckOptions = {}): Promise<void> {
  const found = await seriousViolations(page, state, options);
  expect.soft(found, `axe (serious/critical) in ${state}:\n${found.join('\n')}`).toEqual([]);
}
