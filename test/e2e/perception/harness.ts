// Helpers for the perception e2e tests: load a page (inline HTML or a fixture) with our bundle either
// before the page's scripts (like the IIFE in <head>) or after load, then read it with a PageController.
import type { BrowserContext, Page } from 'playwright-core';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { openPage } from '../../helpers/browser.js';
import type { StaticServer } from '../../helpers/static-server.js';
import type { BrowserState, PageControllerConfig } from '../../../src/dom/types.js';

type PerceptionModule = typeof import('./entry.js');

declare global {
  interface Window {
    Perception: PerceptionModule;
    pc: InstanceType<PerceptionModule['PageController']>;
  }
}

/** The bundle as source text. */
export function perceptionBundle(): Promise<string> {
  return bundleForBrowser('test/e2e/perception/entry.ts', 'Perception');
}

let counter = 0;

/** Options for `openWith`. */
export interface OpenOptions {
  /** Run the bundle before the page's own scripts and install the trackers (default: after load). */
  early?: boolean;
  /** Controller config. */
  config?: PageControllerConfig;
  viewport?: { width: number; height: number };
}

/** Serves `html` (or opens a path of the static server) and loads the bundle; returns the page with `window.pc` ready. */
export async function openWith(
  web: StaticServer,
  htmlOrPath: string,
  options: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, errors } = await openPage(options.viewport ? { viewport: options.viewport } : {});
  const code = await perceptionBundle();
  if (options.early) {
    await context.addInitScript({ content: `${code}\n;window.Perception = Perception; Perception.installListenerTracker();` });
  }
  const url = htmlOrPath.startsWith('/') ? web.url(htmlOrPath) : web.route(`/perception-${++counter}.html`, { body: htmlOrPath });
  await page.goto(url);
  if (!options.early) await page.addScriptTag({ content: `${code}\n;window.Perception = Perception;` });
  // Config crosses into the page as JSON (element refs cannot): tests set those inside the page.
  const config = JSON.stringify(options.config ?? {});
  await page.evaluate((json) => {
    window.pc = new window.Perception.PageController({ highlight: false, ...JSON.parse(json) });
  }, config);
  return { context, page, errors };
}

/** Reads the page once with the page's controller. */
export function observe(page: Page): Promise<BrowserState> {
  return page.evaluate(() => window.pc.getBrowserState());
}

/** The line of `content` that lists an element whose text or attributes match, or undefined. */
export function lineFor(content: string, pattern: RegExp): string | undefined {
  return content.split('\n').find((line) => pattern.test(line));
}

/** The index on a listed line (`\t*[12]<a>…` → 12). */
export function indexIn(line: string | undefined): number {
  const match = /^\t*\*?\[(\d+)\]/.exec(line ?? '');
  if (!match) throw new Error(`not a listed line: ${line}`);
  return Number(match[1]);
}

/** Listed lines (those with an index). */
export function listedLines(content: string): string[] {
  return content.split('\n').filter((line) => /^\t*\*?\[\d+\]</.test(line));
}
