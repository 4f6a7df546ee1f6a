// The Panel facade (page-agent 1.x shape: wrapper, show, hide, reset, expand, collapse, dispose).
// It defines and mounts <page-agent-panel> once the body exists, answers ask_user through it,
// and tears everything down when the agent is disposed.
import { watchConnectBlocks } from './csp-watch.js';
import { definePanelElement } from './define-element.js';
import type { PanelAgent, PanelConfig } from './types.js';
import type { PanelElement } from './element.js';

/** The floating panel bound to one agent. Created hidden; it shows itself when a task starts. */
export class Panel {
  readonly #agent: PanelAgent;
  readonly #element: PanelElement;
  #disposed = false;
  #cleanups: Array<() => void> = [];

  constructor(agent: PanelAgent, config: PanelConfig = {}) {
    this.#agent = agent;
    const tag = definePanelElement();
    this.#element = document.createElement(tag) as PanelElement;
    this.#element.init(agent, config);
    this.#element.hidden = true;
    agent.onAskUser = (question, options) => this.#element.askUser(question, options?.signal);
    const onDispose = () => this.dispose();
    agent.addEventListener('dispose', onDispose);
    this.#cleanups.push(() => agent.removeEventListener('dispose', onDispose));
    this.#cleanups.push(watchConnectBlocks(document, config.endpoint, (origin) => this.#element.showBlocked(origin)));
    this.#mount();
  }

  /** The panel's host element (in the page's DOM; its contents live in a shadow root). */
  get wrapper(): HTMLElement {
    return this.#element;
  }

  /** The panel element itself. */
  get element(): PanelElement {
    return this.#element;
  }

  /** Shows the panel. */
  show(): void {
    if (!this.#disposed) this.#element.hidden = false;
  }

  /** Hides the panel (the agent keeps running). */
  hide(): void {
    this.#element.hidden = true;
  }

  /** Collapses the step list and clears notices the panel owns. */
  reset(): void {
    this.#element.reset();
  }

  /** Opens the step list. */
  expand(): void {
    this.#element.setExpanded(true);
  }

  /** Closes the step list. */
  collapse(): void {
    this.#element.setExpanded(false);
  }

  /** Removes the panel and its listeners. The agent is not disposed by this. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    if (this.#agent.onAskUser) this.#agent.onAskUser = undefined;
    this.#element.remove();
  }

  #mount(): void {
    const observer = new MutationObserver(() => this.#attach());
    const start = () => {
      this.#attach();
      if (document.body) observer.observe(document.body, { childList: true });
    };
    if (document.body) start();
    else {
      document.addEventListener('DOMContentLoaded', start, { once: true });
      this.#cleanups.push(() => document.removeEventListener('DOMContentLoaded', start));
    }
    this.#cleanups.push(() => observer.disconnect());
  }

  /** Puts the element (back) into the body, unless disposed. */
  #attach(): void {
    if (!this.#disposed && document.body && !this.#element.isConnected) document.body.appendChild(this.#element);
  }
}
