// Shared setup of the action e2e tests: one static server per file, pages with the test harness
// (test/fixtures/actions/harness.ts) injected as `window.Harness`, reduced motion by default so the
// cursor does not animate unless a test asks for it.
import type { BrowserContext, Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import type { StaticServer } from '../../helpers/static-server.js';
import type { createHarness, deepQueryAll, recordEvents } from '../../fixtures/actions/harness.js';

/** What the harness bundle exposes on `window.Harness`. */
export interface HarnessGlobal {
  createHarness: typeof createHarness;
  deepQueryAll: typeof deepQueryAll;
  recordEvents: typeof recordEvents;
}

declare global {
  interface Window {
    Harness: HarnessGlobal;
    h: ReturnType<typeof createHarness>;
    log: string[];
  }
}

/** The harness source (bundled once per worker). */
export function harnessSource(): Promise<string> {
  return bundleForBrowser('test/fixtures/actions/harness.ts', 'Harness');
}

/** Opens a fixture page, injects the harness and creates `window.h` with the given controller config. */
export async function openFixture(
  web: StaticServer,
  path: string,
  options: { reducedMotion?: boolean; config?: Record<string, unknown>; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, errors } = await openPage({ viewport: options.viewport });
  await page.emulateMedia({ reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce' });
  await page.goto(web.url(path));
  await injectHarness(page, options.config);
  return { context, page, errors };
}

/** Injects the harness into the current document and creates `window.h`. */
export async function injectHarness(page: Page, config: Record<string, unknown> = {}): Promise<void> {
  await page.addScriptTag({ content: await harnessSource() });
  await page.evaluate((cfg) => {
    window.h = window.Harness.createHarness(cfg);
  }, config);
}
