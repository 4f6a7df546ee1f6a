// Connects a test file to the shared Chromium and opens isolated pages.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { STEADY_CLOCK_SCRIPT } from './steady-clock.js';

let browser: Promise<Browser> | undefined;

/** The shared Chromium started by the e2e global setup. */
export function getBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject('chromiumWsEndpoint'));
  return browser;
}

/**
 * A fresh context (options as Playwright's, 1280×800 by default) and page, with a page clock that
 * does not count stalls within a task; console errors and page errors are collected for assertions.
 */
export async function openPage(options: BrowserContextOptions = {}): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
  consoleMessages: string[];
}> {
  const context = await (await getBrowser()).newContext({ ...options, viewport: options.viewport ?? { width: 1280, height: 800 } });
  // A busy machine must not cut the page walk of a test short (see steady-clock.ts).
  await context.addInitScript({ content: STEADY_CLOCK_SCRIPT });
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleMessages: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  return { context, page, errors, consoleMessages };
}
