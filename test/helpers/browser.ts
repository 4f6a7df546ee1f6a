// Connects a test file to the shared Chromium and opens isolated pages.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

let browser: Promise<Browser> | undefined;

/** The shared Chromium started by the e2e global setup. */
export function getBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject('chromiumWsEndpoint'));
  return browser;
}

/** A fresh context and page; console errors and page errors are collected for assertions. */
export async function openPage(options: { viewport?: { width: number; height: number } } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
  consoleMessages: string[];
}> {
  const context = await (await getBrowser()).newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleMessages: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  return { context, page, errors, consoleMessages };
}
