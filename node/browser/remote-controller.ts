// A page controller for PageAgentCore that lives in Node: each call is forwarded through
// page.evaluate to the bundle's own PageController in the current tab, so the loop survives
// navigations, reloads and tab switches. Pages without the bundle (error pages, about:blank) are
// described instead of failing.
import type { ActionResult, AgentPageController, BrowserState } from 'drop-in-page-agent';
import type { Page } from 'playwright-core';
import { BRIDGE_KEY } from './page-bridge.js';
import type { TabSet } from './tabs.js';

const NAVIGATED = /Execution context was destroyed|navigation|Target page, context or browser has been closed|frame was detached/i;

/** How long after a click a new tab still counts as opened by it. */
const POPUP_GRACE_MS = 250;
/** How long a click that announced a new tab waits for it. */
const POPUP_WAIT_MS = 5000;

type BridgeReply<T> = { value: T } | { unsupported: true } | { missing: true };

/** Calls the bridge in `page`; `missing` when the page has no bridge (yet). */
async function callBridge<T>(page: Page, method: string, args: unknown[]): Promise<BridgeReply<T>> {
  return page.evaluate(
    async ([key, name, values]) => {
      const bridge = (window as unknown as Record<symbol, { call(m: string, a: unknown[]): Promise<unknown> } | undefined>)[Symbol.for(key)];
      if (!bridge) return { missing: true as const };
      return (await bridge.call(name, values)) as { value: never } | { unsupported: true };
    },
    [BRIDGE_KEY, method, args] as const,
  ) as Promise<BridgeReply<T>>;
}

/** Forwards the agent's page calls to the current tab's in-page controller. */
export class RemotePageController implements AgentPageController {
  constructor(
    readonly tabs: TabSet,
    /** Extra text for the header, e.g. the tab list; called at each observation. */
    readonly describeTabs: () => Promise<string>,
  ) {}

  async getBrowserState(): Promise<BrowserState> {
    for (let attempt = 0; ; attempt++) {
      const page = this.tabs.current;
      await page.waitForLoadState('domcontentloaded', { timeout: 10_000 }).catch(() => undefined);
      try {
        const reply = await callBridge<BrowserState>(page, 'getBrowserState', []);
        // A popup opened meanwhile and became the current tab: read that one instead.
        if (this.tabs.current !== page) continue;
        const tabs = await this.describeTabs();
        if ('value' in reply) return { ...reply.value, header: tabs ? `${tabs}\n${reply.value.header}` : reply.value.header };
        return this.#describeBare(page, tabs);
      } catch (error) {
        if (attempt < 3 && NAVIGATED.test(String(error))) continue;
        throw error;
      }
    }
  }

  /** The whole text of the current tab (its in-page controller's reading without a budget), for the typed `extract`. */
  async getPageText(): Promise<string> {
    const reply = await callBridge<string>(this.tabs.current, 'getPageText', []);
    return 'value' in reply ? reply.value : (await this.getBrowserState()).content;
  }

  async clickElement(index: number): Promise<ActionResult> {
    // A click may open a tab (target=_blank, window.open); wait a moment so the next read sees it.
    const watch = this.tabs.watchNewTab();
    let result: ActionResult;
    let tab: Page | undefined;
    try {
      result = await this.#act('clickElement', [index]);
      // The in-page controller says when a link targets a new tab; otherwise a popup gets a short grace.
      tab = await watch.wait(/new tab or window/i.test(result.message) ? POPUP_WAIT_MS : POPUP_GRACE_MS);
    } finally {
      watch.stop();
    }
    if (!tab) return result;
    const message = result.message.replace(/ The link opens in a new tab or window, which the agent cannot see; this page stays as it was\./, '');
    return { success: result.success, message: `${message} A new tab opened (tab ${this.tabs.indexOf(tab)}); you are now in it.` };
  }

  inputText(index: number, text: string, options?: { keyByKey?: boolean }): Promise<ActionResult> {
    return this.#act('inputText', [index, text, { keyByKey: options?.keyByKey ?? false }]);
  }

  selectOption(index: number, optionText: string): Promise<ActionResult> {
    return this.#act('selectOption', [index, optionText]);
  }

  scroll(options: { down: boolean; numPages?: number; pixels?: number; index?: number }): Promise<ActionResult> {
    return this.#act('scroll', [options]);
  }

  scrollHorizontally(options: { right: boolean; pixels: number; index?: number }): Promise<ActionResult> {
    return this.#act('scrollHorizontally', [options]);
  }

  pressKey(key: string, index?: number): Promise<ActionResult> {
    return this.#act('pressKey', [key, index]);
  }

  hoverElement(index: number): Promise<ActionResult> {
    return this.#act('hoverElement', [index]);
  }

  scrollToText(text: string, nth?: number): Promise<ActionResult> {
    return this.#act('scrollToText', [text, nth]);
  }

  async cleanUpHighlights(): Promise<void> {
    await this.#quiet('cleanUpHighlights');
  }

  async showMask(): Promise<void> {
    await this.#quiet('showMask');
  }

  async hideMask(): Promise<void> {
    await this.#quiet('hideMask');
  }

  resetTaskState(): void {
    void this.#quiet('resetTaskState');
  }

  dispose(): void {
    void this.#quiet('dispose');
  }

  /** An action in the current tab; a navigation it starts is reported as its result, not as a failure. */
  async #act(method: string, args: unknown[]): Promise<ActionResult> {
    const page = this.tabs.current;
    const before = page.url();
    try {
      const reply = await callBridge<ActionResult>(page, method, args);
      if ('value' in reply) return reply.value;
      if ('unsupported' in reply) return { success: false, message: `${method} is not supported by this page; use another action.` };
      return { success: false, message: `The page (${page.url()}) has no agent script yet; it may still be loading. Read it again or navigate elsewhere.` };
    } catch (error) {
      if (NAVIGATED.test(String(error))) {
        // The document was replaced while the action reported back: wait briefly for the new URL to commit.
        for (let waited = 0; page.url() === before && waited < 500; waited += 50) await new Promise((done) => setTimeout(done, 50));
        await page.waitForLoadState('domcontentloaded', { timeout: 10_000 }).catch(() => undefined);
        const now = page.url();
        return { success: true, message: now !== before ? `Done; the page navigated to ${now}.` : 'Done; the page loaded a new document.' };
      }
      return { success: false, message: `The action failed in the browser: ${String((error as Error).message ?? error).split('\n')[0]}` };
    }
  }

  /** Overlay housekeeping that must never fail a run (the page may be gone). */
  async #quiet(method: string): Promise<void> {
    try {
      if (!this.tabs.current.isClosed()) await callBridge(this.tabs.current, method, []);
    } catch {
      // The page navigated or closed: it took its overlays with it.
    }
  }

  async #describeBare(page: Page, tabs: string): Promise<BrowserState> {
    const url = page.url();
    const title = await page.title().catch(() => '');
    const header = `${tabs ? `${tabs}\n` : ''}Current page: ${url}${title ? ` (${title})` : ''}`;
    const content = /^chrome-error:/.test(url)
      ? 'This page failed to load (a browser error page). Navigate elsewhere or go back.'
      : 'This page has no readable content for the agent (it is blank or still loading).';
    return { url, title, header, content, footer: '' };
  }
}
