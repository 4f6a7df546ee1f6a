// Shared builders for the bundle e2e tests: pages that load dist/page-agent.iife.js by a script
// tag, and mock-LLM replies that find an element's index in the page text the agent sent.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import type { MockLLMServer, MockReply, RecordedRequest } from '../../helpers/mock-llm-server.js';
import { agentStep } from '../../helpers/mock-llm-server.js';
import type { StaticServer } from '../../helpers/static-server.js';

/** Fails early with a clear message when the bundle was not built. */
export function requireBundle(): void {
  const file = resolve(import.meta.dirname, '../../../dist/page-agent.iife.js');
  if (!existsSync(file)) throw new Error('dist/page-agent.iife.js is missing: run `node build.mjs --quiet --no-dts` first');
}

/** The text of the last user message the agent sent. */
export function userText(request: RecordedRequest): string {
  const messages = (request.body?.messages ?? []) as Array<{ role: string; content?: string }>;
  return messages.filter((m) => m.role === 'user').map((m) => m.content ?? '').join('\n');
}

/** The index the page text gives an element whose line contains `text`. */
export function indexOf(request: RecordedRequest, text: string): number {
  for (const line of userText(request).split('\n')) {
    const match = /\[(\d+)\]/.exec(line);
    if (match && line.includes(text)) return Number(match[1]);
  }
  throw new Error(`no indexed element with "${text}" in the page text:\n${userText(request).slice(0, 2000)}`);
}

/** A reply that clicks the element whose line contains `text`. */
export function clickOn(text: string, goal = `click ${text}`): (request: RecordedRequest) => MockReply {
  return (request) => agentStep({ click_element_by_index: { index: indexOf(request, text) } }, goal);
}

/** A `done` reply. */
export function done(text: string, success = true): MockReply {
  return agentStep({ done: { text, success } }, 'finish');
}

/** Answers requests in order from a list of replies or reply builders. */
export function script(steps: Array<MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>)>) {
  return (request: RecordedRequest, index: number): MockReply | Promise<MockReply> => {
    const step = steps[index];
    if (!step) return { fault: 'server', status: 500 };
    return typeof step === 'function' ? step(request) : step;
  };
}

/** A reply held until `open()`: lets a test act while the agent is surely waiting for the model. */
export function heldReply(reply: (request: RecordedRequest) => MockReply) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, reply: async (request: RecordedRequest) => (await opened, reply(request)) };
}

/** A page whose <head> loads the bundle with these attributes (values are HTML-escaped). */
export function pageWithTag(attributes: Record<string, string>, body = PLAIN_BODY, head = ''): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${head}<script src="/dist/page-agent.iife.js"${attrs}></script></head><body>${body}</body></html>`;
}

/** A small page: a counter button, a name field and a pay button, with handlers in a nonce'd script. */
export const PLAIN_BODY = `
  <h1>Shop</h1>
  <p>Items in cart: <span id="count">0</span></p>
  <button id="add" type="button">Add to cart</button>
  <label>Name <input id="name" name="name"></label>
  <button id="pay" type="button">Pay now</button>
  <p id="paid" hidden>Paid!</p>`;

/** Handlers for PLAIN_BODY, as a script element (give it the page's nonce on CSP pages). */
export function plainScript(nonce = ''): string {
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>
    document.getElementById('add').addEventListener('click', () => { const c = document.getElementById('count'); c.textContent = String(Number(c.textContent) + 1); });
    document.getElementById('pay').addEventListener('click', () => { document.getElementById('paid').hidden = false; });
  </script>`;
}

/** A locator inside the panel's shadow root. */
export const inPanel = (page: Page, selector: string) => page.locator(`page-agent-panel >> ${selector}`);

/** Types a task into the panel with the real keyboard and presses Enter. */
export async function typeTask(page: Page, task: string): Promise<void> {
  await inPanel(page, 'textarea.task-input').click();
  await page.keyboard.type(task);
  await page.keyboard.press('Enter');
}

/** Waits until window.pageAgent reaches a status. */
export async function waitForStatus(page: Page, status: string): Promise<void> {
  await page.waitForFunction((s) => (window as any).pageAgent?.status === s, status, { timeout: 15_000 });
}

/**
 * Opens a fresh context on a page of `web` that loads the bundle pointed at `llm` (plus `attributes`),
 * with `body` (the shop by default), and waits for the panel's task input. `close` ends the context.
 */
export async function openShop(
  web: StaticServer,
  llm: MockLLMServer,
  attributes: Record<string, string> = {},
  body = PLAIN_BODY + plainScript(),
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openPage();
  const path = `/shop-${Math.random().toString(36).slice(2)}.html`;
  web.route(path, { body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'mock-model', ...attributes }, body) });
  await page.goto(web.url(path));
  await inPanel(page, 'textarea.task-input').waitFor();
  return { page, close: () => context.close() };
}
