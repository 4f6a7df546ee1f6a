// The PageController facade (page-agent 1.x shape): perception, actions and overlays behind one object.
// It wires the pieces together and owns their lifetime; the work lives in extract/, actions/ and overlay/.
import { isAbortError, messageOf, schedule } from '../base/index.js';
import { ElementRegistry } from './element-registry.js';
import type { DomContext } from './context.js';
import { observePage } from './extract/observe.js';
import { clickElement } from './actions/click.js';
import { inputText, type InputTextOptions } from './actions/input-text.js';
import { selectOption } from './actions/select-option.js';
import { scrollPage, scrollHorizontally } from './actions/scroll.js';
import { pressKey } from './actions/press-key.js';
import { scrollToText } from './actions/find-text.js';
import { hoverElement } from './actions/hover.js';
import { executeJavascript } from './actions/execute-javascript.js';
import { Overlay } from './overlay/overlay.js';
import type { ActionResult, BrowserState, PageControllerConfig } from './types.js';

/** Reads the page as indexed text and acts on indexes; actions return `{ success, message }` and never throw. */
export class PageController extends EventTarget {
  readonly config: PageControllerConfig;
  #ctx: DomContext;
  #disposed = false;
  #lastState: BrowserState | null = null;
  /** Ends the current window's navigation listeners. */
  #off?: AbortController;
  /** Set while the page is leaving (a navigation to another document is under way); reads wait for it. */
  #leaving: Promise<void> | null = null;
  /** Ends that wait: the navigation failed, or the next page is here. */
  #left = () => {};

  constructor(config: PageControllerConfig = {}) {
    super();
    this.config = { ...config };
    const win = globalThis.window;
    this.#ctx = {
      config: this.config,
      registry: new ElementRegistry(),
      // The config carries the overlay's options (showCursor, highlightOpacity, highlightLabelOpacity) by their names.
      overlay: new Overlay(win, config),
      window: win,
    };
    this.useWindow(win);
  }

  /** The registry of stable indexes (for tools that need descriptions). */
  get registry(): ElementRegistry {
    return this.#ctx.registry;
  }

  /** Current page URL. */
  async getCurrentUrl(): Promise<string> {
    return this.#ctx.window.location.href;
  }

  /** Reads the page: header, indexed content, footer. Draws highlights afterwards when enabled. */
  async getBrowserState(): Promise<BrowserState> {
    await this.#leaving;
    // The host stays attached between steps (detaching and re-inserting it restyles the whole page);
    // cleanUpHighlights and hideMask remove it when the task ends.
    this.#ctx.overlay.clearHighlights(false);
    const { state, highlights } = observePage(this.#ctx);
    this.#lastState = state;
    const mode = this.config.highlight;
    if ((mode === true || mode === 'all') && highlights.length) this.#ctx.overlay.drawHighlights(highlights);
    return state;
  }

  /**
   * Ours: the whole page as text: the observation without its token budget (and, unless
   * `viewportExpansion` limits it, without a viewport limit), with indexes of its own (the model's
   * stay as they are). The `extract` tool reads it.
   */
  async getPageText(): Promise<string> {
    await this.#leaving;
    return observePage({ ...this.#ctx, config: { ...this.config, viewportExpansion: this.config.viewportExpansion ?? -1, tokenBudget: 0 }, registry: new ElementRegistry() }).state.content;
  }

  /**
   * Ours: reads and acts in `win` from now on (a same-origin frame filling the tab: frame mode);
   * reads wait for `ready` (its next page) first.
   *
   * The page is leaving when a navigation to another document goes ahead (not prevented, not made a
   * same-document one, not a download): until it unloads, a read would show the old page to the
   * model (a slow redirect takes seconds). Reads wait for the unload (or the frame's next page), a
   * failure, or 5 s.
   */
  useWindow(win: Window, ready?: Promise<unknown>): void {
    this.#ctx.window = win;
    this.#left();
    this.#off?.abort();
    const signal = (this.#off = new AbortController()).signal;
    const nav = (win as { navigation?: EventTarget & { transition: unknown } } | undefined)?.navigation;
    nav?.addEventListener('navigate', (event) => {
      const navigate = event as Event & { destination: { sameDocument: boolean }; downloadRequest: string | null };
      if (navigate.destination.sameDocument || navigate.downloadRequest) return;
      // After every listener has run: the page may have prevented or intercepted it.
      schedule(() => !event.defaultPrevented && !nav.transition && !signal.aborted && this.#wait(new Promise<void>((resolve) => schedule(resolve, 5000))), 0);
    }, { signal });
    for (const type of ['navigateerror', 'navigatesuccess']) nav?.addEventListener(type, () => this.#left(), { signal });
    if (ready) this.#wait(ready);
  }

  #wait(until: Promise<unknown>): void {
    this.#leaving = new Promise<void>((resolve) => void until.then((this.#left = resolve) as () => void)).then(() => void (this.#leaving = null));
  }

  /** Re-reads the page and returns the content text (page-agent compatibility). */
  async updateTree(): Promise<string> {
    return (await this.getBrowserState()).content;
  }

  /** The last state read, without reading the page again. */
  get lastState(): BrowserState | null {
    return this.#lastState;
  }

  /** Starts a new task: indexes restart and nothing is marked new on the first observation. */
  resetTaskState(): void {
    this.#ctx.registry.reset();
    this.#lastState = null;
  }

  /** Clicks the element with this index. */
  async clickElement(index: number, signal?: AbortSignal): Promise<ActionResult> {
    return this.#act(() => clickElement(this.#ctx, index, signal), index);
  }

  /** Replaces the value of an editable element. */
  async inputText(index: number, text: string, options: InputTextOptions = {}): Promise<ActionResult> {
    return this.#act(() => inputText(this.#ctx, index, text, options), index);
  }

  /** Chooses an option of a native select or an ARIA combobox/listbox by its text. */
  async selectOption(index: number, optionText: string, signal?: AbortSignal): Promise<ActionResult> {
    return this.#act(() => selectOption(this.#ctx, index, optionText, signal), index);
  }

  /** Scrolls the page, or the scroll container holding `index`, vertically. */
  async scroll(options: { down: boolean; numPages?: number; pixels?: number; index?: number; signal?: AbortSignal }): Promise<ActionResult> {
    return this.#act(() => scrollPage(this.#ctx, options));
  }

  /** Scrolls the page, or the scroll container holding `index`, horizontally. */
  async scrollHorizontally(options: { right: boolean; pixels: number; index?: number; signal?: AbortSignal }): Promise<ActionResult> {
    return this.#act(() => scrollHorizontally(this.#ctx, options));
  }

  /** Finds visible text anywhere in the page (frames, shadow roots, collapsed sections) and scrolls the `nth` match (1-based) into view. */
  async scrollToText(text: string, nth?: number, signal?: AbortSignal): Promise<ActionResult> {
    return this.#act(() => scrollToText(this.#ctx, text, nth, signal));
  }

  /** Presses a key or combination (Enter, Tab, Escape, ArrowDown, Control+a) on the focused element or `index`. */
  async pressKey(key: string, index?: number): Promise<ActionResult> {
    return this.#act(() => pressKey(this.#ctx, key, index), index);
  }

  /** Moves the pointer over an element (menus that open on hover). */
  async hoverElement(index: number): Promise<ActionResult> {
    return this.#act(() => hoverElement(this.#ctx, index), index);
  }

  /** Runs a script in the page (only offered when the user opted in). */
  async executeJavascript(script: string, signal?: AbortSignal): Promise<ActionResult> {
    return this.#act(() => executeJavascript(this.#ctx, script, signal));
  }

  /** Removes highlight boxes. */
  async cleanUpHighlights(): Promise<void> {
    this.#ctx.overlay.clearHighlights();
  }

  /** Shows the mask that blocks the user's pointer while the agent works. */
  async showMask(): Promise<void> {
    if (this.config.enableMask) this.#ctx.overlay.showMask();
  }

  /** Hides the mask. */
  async hideMask(): Promise<void> {
    this.#ctx.overlay.hideMask();
  }

  /** Removes everything this controller added to the page. Final. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#off?.abort();
    this.#ctx.overlay.dispose();
    this.#ctx.registry.reset();
  }

  async #act(run: () => Promise<ActionResult> | ActionResult, index?: number): Promise<ActionResult> {
    if (this.#disposed) return { success: false, message: 'The page controller was disposed; no action was taken.' };
    this.#ctx.overlay.clearHighlights(false);
    // By default only the element being acted on is outlined and numbered (config `highlight`); an
    // element off-screen is outlined again once the action has scrolled it into view.
    const mode = this.config.highlight;
    const found = index === undefined || (mode !== undefined && mode !== 'action') ? null : this.#ctx.registry.resolve(index);
    if (found?.ok) this.#ctx.overlay.drawHighlights([{ index: index!, element: found.element }]);
    try {
      return await run();
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { success: false, message: `The action failed with an unexpected error: ${messageOf(error)}` };
    }
  }
}
