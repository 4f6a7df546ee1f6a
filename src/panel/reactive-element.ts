// The part of LitElement the panel uses, over lit-html alone: a shadow root with adopted
// stylesheets, batched updates (willUpdate → render → updated, `updateComplete`) and Lit's
// ReactiveControllers. The panel keeps its state in private fields, so LitElement's reactive
// properties (and ~7 KB of @lit/reactive-element) are not needed. Knows nothing of the agent.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { render, type RootPart, type TemplateResult } from 'lit/html.js';

/** A stylesheet from the {@link css} tag, built on first use. */
export class PanelStyles {
  #sheet?: CSSStyleSheet;
  constructor(readonly cssText: string) {}

  /** The constructable stylesheet for `adoptedStyleSheets`. */
  get styleSheet(): CSSStyleSheet {
    if (!this.#sheet) (this.#sheet = new CSSStyleSheet()).replaceSync(this.cssText);
    return this.#sheet;
  }
}

/** Tag for the panel's stylesheets: static CSS text only (no expressions). */
export const css = (strings: TemplateStringsArray): PanelStyles => new PanelStyles(strings[0]!);

/** Adopts `styles` into `root`; where a browser cannot, appends <style> elements carrying Lit's `litNonce`. */
function adoptStyles(root: ShadowRoot, styles: readonly PanelStyles[]): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    root.adoptedStyleSheets = styles.map((style) => style.styleSheet);
    return;
  }
  for (const style of styles) {
    const element = document.createElement('style');
    const nonce = (globalThis as { litNonce?: string }).litNonce;
    if (nonce !== undefined) element.setAttribute('nonce', nonce);
    element.textContent = style.cssText;
    root.appendChild(element);
  }
}

// Importing the ESM build where there is no DOM (Node, SSR) must not throw.
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/** A custom element that renders `render()` into its shadow root after `requestUpdate()`, like LitElement. */
export abstract class PanelBase extends Base implements ReactiveControllerHost {
  /** Stylesheets adopted by every instance's shadow root. */
  static styles: readonly PanelStyles[] = [];

  /** The shadow root the template renders into. */
  readonly renderRoot: ShadowRoot;
  #controllers = new Set<ReactiveController>();
  #part?: RootPart;
  #pending = false;
  #connected = false;
  #settled: Promise<boolean> = Promise.resolve(true);
  #enable!: () => void;
  #enabled = new Promise<void>((resolve) => (this.#enable = resolve));

  constructor() {
    super();
    this.renderRoot = this.attachShadow({ mode: 'open' });
    adoptStyles(this.renderRoot, (this.constructor as typeof PanelBase).styles);
    this.requestUpdate();
  }

  /** Resolves once the pending update has rendered: true when no further update is queued. */
  get updateComplete(): Promise<boolean> {
    return this.#settled;
  }

  /** Adds a controller; it hears hostConnected at once when the element is already connected. */
  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.#connected) controller.hostConnected?.();
  }

  /** Removes a controller. */
  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  /** Schedules a render in a microtask (batched; nothing renders before the element is connected). */
  requestUpdate(): void {
    if (this.#pending) return;
    this.#pending = true;
    this.#settled = this.#update();
  }

  connectedCallback(): void {
    this.#connected = true;
    this.#enable();
    for (const controller of this.#controllers) controller.hostConnected?.();
    this.#part?.setConnected(true);
  }

  disconnectedCallback(): void {
    this.#connected = false;
    for (const controller of this.#controllers) controller.hostDisconnected?.();
    this.#part?.setConnected(false);
  }

  /** Called before each render. */
  protected willUpdate(): void {}

  /** The template of the whole shadow root. */
  protected abstract render(): TemplateResult;

  /** Called after each render. */
  protected updated(): void {}

  async #update(): Promise<boolean> {
    const previous = this.#settled;
    await this.#enabled;
    // A failed render rejected its own updateComplete; the next one still runs.
    await previous.catch(() => undefined);
    if (!this.#pending) return true;
    try {
      this.willUpdate();
      for (const controller of this.#controllers) controller.hostUpdate?.();
      this.#part = render(this.render(), this.renderRoot, { host: this });
    } finally {
      this.#pending = false;
    }
    for (const controller of this.#controllers) controller.hostUpdated?.();
    this.updated();
    return !this.#pending;
  }
}
