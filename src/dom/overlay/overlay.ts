// Everything the agent draws on the page: highlight boxes, the mask that blocks the user's pointer
// while the agent works, and the animated cursor. One host element with a closed shadow root, created
// lazily on first use, styled only by an adopted constructable stylesheet, removed entirely on dispose.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import { measureHighlights, renderHighlights, type HighlightItem } from './highlights.js';
import { isConnected, listen, rootOf } from '../platform.js';
import { Cursor } from './cursor.js';
import { OVERLAY_CSS } from './overlay-styles.js';

/** The tag of the overlay host; a custom element name so no page rule for `div` applies to it. */
export const OVERLAY_TAG = 'page-agent-overlay';

/** Options of the overlay. */
export interface OverlayOptions {
  /** Show the animated cursor at each action point. @default true */
  showCursor?: boolean;
  /** Opacity (0–1) of highlight boxes' fill. @default 0.08 */
  highlightOpacity?: number;
  /** Opacity (0–1) of the index labels' background. @default 1 */
  highlightLabelOpacity?: number;
}

interface Parts {
  host: HTMLElement;
  shadow: ShadowRoot;
  mask: HTMLElement;
  highlights: HTMLElement;
  cursor: Cursor;
}

/** Draws highlights, the mask and the cursor in one shadow-rooted host at the maximum z-index. */
export class Overlay {
  #win: Window;
  #showCursor: boolean;
  #options: OverlayOptions;
  #parts: Parts | null = null;
  #disposed = false;
  #highlightCount = 0;
  #stopHighlightListeners: Array<() => void> = [];
  #boxes: HTMLElement[] = [];
  #cleanups: Array<() => void> = [];

  constructor(win: Window, options: OverlayOptions = {}) {
    this.#win = win;
    this.#showCursor = options.showCursor ?? true;
    this.#options = options;
  }

  /** The host element, or null while nothing has been drawn. */
  get host(): Element | null {
    return this.#parts?.host ?? null;
  }

  /** Number of highlight boxes currently drawn. */
  get highlightCount(): number {
    return this.#highlightCount;
  }

  /** Whether the mask is showing. */
  get maskVisible(): boolean {
    return !!this.#parts?.mask.classList.contains('on');
  }

  /** Where the cursor last moved to (top-window viewport coordinates), or null. */
  get cursorPosition(): { x: number; y: number } | null {
    return this.#parts?.cursor.position ?? null;
  }

  /** Whether a node is part of the overlay (the host or anything in its shadow root). */
  contains(node: Node): boolean {
    const parts = this.#parts;
    if (!parts) return false;
    return node === parts.host || rootOf(node) === parts.shadow;
  }

  /** Draws a numbered box over each item that is on screen; replaces earlier boxes. */
  drawHighlights(items: ReadonlyArray<HighlightItem>): void {
    this.#stopListeners();
    if (!items.length) return this.clearHighlights(false);
    // All reads first (one layout), then the writes: the host, if it must be inserted, and the boxes.
    const measured = measureHighlights(items, { width: this.#win.innerWidth, height: this.#win.innerHeight });
    const parts = this.#ensure();
    if (!parts) return;
    renderHighlights(this.#win.document, parts.highlights, measured, this.#boxes);
    this.#highlightCount = measured.length;
    // Boxes are in viewport coordinates: once the page scrolls or resizes they would point at the wrong things.
    const clear = (event: Event) => {
      // A field scrolling its own text (typing into an input or a textarea) moves no box.
      const target = event.target as Element | null;
      if (event.type === 'scroll' && target?.nodeType === 1 && !target.firstElementChild && !target.shadowRoot) return;
      this.clearHighlights(false);
    };
    const options = { capture: true, passive: true };
    this.#stopHighlightListeners.push(listen(this.#win, 'scroll', clear, options), listen(this.#win, 'resize', clear, options));
  }

  /**
   * Removes all highlight boxes. With `release` (the default) the host leaves the page when nothing else
   * shows; without it the host stays for the next drawing (the agent between two observations).
   */
  clearHighlights(release = true): void {
    this.#stopListeners();
    if (this.#highlightCount > 0) {
      this.#highlightCount = 0;
      this.#parts?.highlights.replaceChildren();
    }
    if (release) this.#detachIfIdle();
  }

  /** Shows the mask: the user's pointer is blocked and the page shows that the agent is working. */
  showMask(): void {
    this.#ensure()?.mask.classList.add('on');
  }

  /** Hides the mask and the cursor. */
  hideMask(): void {
    this.#parts?.mask.classList.remove('on');
    this.#parts?.cursor.hide();
    this.#detachIfIdle();
  }

  /** Moves the cursor to (x, y) in top-window viewport coordinates; resolves when it has arrived. */
  async moveCursor(x: number, y: number): Promise<void> {
    if (!this.#showCursor) return;
    const parts = this.#ensure();
    if (!parts) return;
    await parts.cursor.moveTo(x, y);
  }

  /** Plays the cursor's press animation where it stands (after a click). */
  pressCursor(): void {
    if (this.#showCursor && this.#parts?.cursor.position) this.#parts.cursor.press();
  }

  /** Registers cleanup to run on dispose (e.g. hover styles an action added to the page). */
  onDispose(cleanup: () => void): void {
    if (this.#disposed) cleanup();
    else this.#cleanups.push(cleanup);
  }

  /** Removes the host and everything else the overlay added; later calls do nothing. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.clearHighlights();
    this.#parts?.host.remove();
    this.#parts = null;
    this.#boxes = [];
    for (const cleanup of this.#cleanups.splice(0)) {
      try {
        cleanup();
      } catch {
        // One failing cleanup must not keep the others from running.
      }
    }
  }

  #stopListeners(): void {
    // Not splice: a page may have replaced Array.prototype.splice (hostile-page safety).
    for (const stop of this.#stopHighlightListeners) stop();
    this.#stopHighlightListeners = [];
  }

  /** With nothing showing, the host leaves the page (it comes back on the next use). */
  #detachIfIdle(): void {
    const parts = this.#parts;
    if (!parts || this.#highlightCount > 0 || parts.mask.classList.contains('on') || parts.cursor.element.classList.contains('on')) return;
    parts.host.remove();
  }

  #ensure(): Parts | null {
    if (this.#disposed) return null;
    const doc = this.#win.document;
    if (!doc.body) return null;
    if (this.#parts) {
      if (!isConnected(this.#parts.host)) this.#insert(this.#parts.host);
      return this.#parts;
    }
    const host = doc.createElement(OVERLAY_TAG);
    host.setAttribute('data-page-agent-ignore', '');
    host.setAttribute('aria-hidden', 'true');
    const shadow = host.attachShadow({ mode: 'closed' });
    this.#adoptStyles(shadow);
    const highlights = doc.createElement('div');
    highlights.className = 'highlights';
    // The opacity options (numbers in 0–1) as the stylesheet's percentages; '' sets nothing.
    const percent = (value?: number) => (typeof value === 'number' && value >= 0 && value <= 1 ? value * 100 + '%' : '');
    highlights.style.setProperty('--fill', percent(this.#options.highlightOpacity));
    highlights.style.setProperty('--label-fill', percent(this.#options.highlightLabelOpacity));
    const mask = doc.createElement('div');
    mask.className = 'mask';
    const cursor = new Cursor(this.#win, doc);
    shadow.append(highlights, mask, cursor.element);
    this.#parts = { host, shadow, mask, highlights, cursor };
    this.#insert(host);
    return this.#parts;
  }

  #insert(host: HTMLElement): void {
    const doc = this.#win.document;
    // Before <body>: an agent panel appended to body at the same z-index paints above the mask and stays usable.
    if (doc.body && doc.body.parentNode === doc.documentElement) doc.documentElement.insertBefore(host, doc.body);
    else doc.documentElement.appendChild(host);
  }

  #adoptStyles(shadow: ShadowRoot): void {
    const Sheet = (this.#win as Window & typeof globalThis).CSSStyleSheet;
    if (Sheet && 'adoptedStyleSheets' in shadow) {
      try {
        const sheet = new Sheet();
        sheet.replaceSync(OVERLAY_CSS);
        shadow.adoptedStyleSheets = [sheet];
        return;
      } catch {
        // Fall through: an engine without constructable stylesheets.
      }
    }
    const style = this.#win.document.createElement('style');
    style.textContent = OVERLAY_CSS;
    shadow.appendChild(style);
  }
}
