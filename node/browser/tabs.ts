// The tabs of one run's browser context: which one the agent works in, the URLs it visited, and what
// it must be told (a popup or target=_blank tab opened, a tab closed). Knows nothing of the agent.
import type { BrowserContext, Page } from 'playwright-core';

/** One tab as the model sees it in the tab list. */
export interface TabInfo {
  index: number;
  url: string;
  title: string;
  current: boolean;
}

/** The run's tabs: new pages of the context (popups, target=_blank, window.open) become current. */
export class TabSet {
  readonly #pages: Page[] = [];
  #current: Page;
  readonly #visited: string[] = [];
  readonly #onNote: (note: string) => void;

  constructor(
    readonly context: BrowserContext,
    first: Page,
    onNote: (note: string) => void,
  ) {
    this.#onNote = onNote;
    this.#current = first;
    this.#track(first);
    context.on('page', (page) => {
      if (this.#pages.includes(page)) return;
      this.#track(page);
      this.#current = page;
      const opener = 'opened by the page';
      void page
        .waitForLoadState('domcontentloaded', { timeout: 10_000 })
        .catch(() => undefined)
        .finally(() => this.#onNote(`A new tab opened (${opener}): ${page.url()}. You are now in it (tab ${this.indexOf(page)}); switch_tab goes back.`));
    });
  }

  /** Watches for the next new tab: `wait(ms)` resolves with it, or undefined after `ms`; always call `stop()`. */
  watchNewTab(): { wait(ms: number): Promise<Page | undefined>; stop(): void } {
    const context = this.context;
    let opened: Page | undefined;
    let notify: ((page: Page) => void) | undefined;
    const onPage = (page: Page) => {
      opened ??= page;
      notify?.(page);
    };
    context.on('page', onPage);
    return {
      wait: (ms) =>
        opened
          ? Promise.resolve(opened)
          : new Promise((resolve) => {
              const timer = setTimeout(() => resolve(undefined), ms);
              notify = (page) => {
                clearTimeout(timer);
                resolve(page);
              };
            }),
      stop: () => void context.off('page', onPage),
    };
  }

  /** The page the agent works in. */
  get current(): Page {
    return this.#current;
  }

  /** Every distinct URL the run's top-level pages committed to, in order. */
  get visited(): string[] {
    return [...this.#visited];
  }

  /** The position of a page in the tab list. */
  indexOf(page: Page): number {
    return this.#pages.indexOf(page);
  }

  /** The open tabs, for the page header the model reads. */
  async list(): Promise<TabInfo[]> {
    return Promise.all(
      this.#pages.map(async (page, index) => ({ index, url: page.url(), title: await page.title().catch(() => ''), current: page === this.#current })),
    );
  }

  /** Opens a new tab (current from now on) and returns it. */
  async open(): Promise<Page> {
    const page = await this.context.newPage();
    if (!this.#pages.includes(page)) this.#track(page);
    this.#current = page;
    return page;
  }

  /** Makes tab `index` current; false when there is no such tab. */
  async switchTo(index: number): Promise<boolean> {
    const page = this.#pages[index];
    if (!page) return false;
    this.#current = page;
    await page.bringToFront().catch(() => undefined);
    return true;
  }

  /** Closes tab `index` (default: the current one); the last remaining tab stays open. */
  async close(index = this.#pages.indexOf(this.#current)): Promise<string> {
    const page = this.#pages[index];
    if (!page) return `There is no tab ${index}.`;
    if (this.#pages.length === 1) return 'This is the only tab; it stays open.';
    await page.close();
    return `Closed tab ${index}; now in tab ${this.#pages.indexOf(this.#current)} (${this.#current.url()}).`;
  }

  #visit(url: string): void {
    if (/^https?:|^file:/.test(url) && !this.#visited.includes(url)) this.#visited.push(url);
  }

  #track(page: Page): void {
    this.#pages.push(page);
    this.#visit(page.url());
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.#visit(frame.url());
    });
    page.on('close', () => {
      const at = this.#pages.indexOf(page);
      if (at === -1) return;
      this.#pages.splice(at, 1);
      if (page === this.#current && this.#pages.length > 0) {
        this.#current = this.#pages[Math.max(0, at - 1)]!;
        this.#onNote(`Tab ${at} closed; you are now in tab ${this.#pages.indexOf(this.#current)} (${this.#current.url()}).`);
      }
    });
  }
}
