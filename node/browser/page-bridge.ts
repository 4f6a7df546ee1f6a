// The script injected into every page and frame before the page's own scripts: the built IIFE (so
// its listener tracker and closed-shadow-root tracking see the app from the start), kept from
// starting an agent or a panel of its own, and a small bridge the Node side calls through
// page.evaluate. The bridge uses only the bundle's public API (window.PageAgent, agent.pageController).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NodeRunError } from '../errors.js';

/** The global symbol under which the bridge lives in each top-level page. */
export const BRIDGE_KEY = 'drop-in-page-agent/node-bridge';

/** Where the built bundle is, from dist/node.mjs or from this source file. */
const BUNDLE_CANDIDATES = ['./page-agent.iife.js', '../../dist/page-agent.iife.js'];

/** Reads the built IIFE; a NodeRunError (config) when the package was not built. */
export function readBundle(): string {
  for (const candidate of BUNDLE_CANDIDATES) {
    try {
      return readFileSync(fileURLToPath(new URL(candidate, import.meta.url)), 'utf8');
    } catch {
      // try the next place
    }
  }
  throw new NodeRunError('config', 'dist/page-agent.iife.js is missing: build the package first (`npm run build`).');
}

/** Options the in-page controller is created with. */
export interface BridgeOptions {
  /** Show the agent's mask while it acts (headed runs). */
  mask: boolean;
  language?: string;
}

// Runs before the bundle: a stand-in for document.currentScript with data-auto-init="false", so the
// bundle defines window.PageAgent without creating window.pageAgent or a panel.
const BEFORE = `(() => {
  const tag = document.createElement('script');
  tag.setAttribute('data-auto-init', 'false');
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => tag });
})();`;

// Runs after the bundle: restores document.currentScript and, in the top frame only, defines the bridge.
const after = (options: BridgeOptions) => `;(() => {
  delete document.currentScript;
  if (window.top !== window) return;
  const key = Symbol.for(${JSON.stringify(BRIDGE_KEY)});
  if (window[key]) return;
  const PageAgentClass = window.PageAgent;
  const setTimer = window.setTimeout.bind(window);
  const clearTimer = window.clearTimeout.bind(window);
  const Observer = window.MutationObserver;
  const options = ${JSON.stringify(options)};
  let agent = null;
  const controller = () => {
    if (!PageAgentClass) throw new Error('the page-agent bundle did not load in this page');
    agent ??= new PageAgentClass({ enableMask: options.mask, language: options.language, promptForNextTask: false, rememberTasks: false });
    return agent.pageController;
  };
  // Resolves once the DOM has been quiet for 100 ms, after 1 s at most.
  const quiet = () => new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimer(quietTimer); clearTimer(maxTimer); resolve(); };
    const observer = new Observer(() => { clearTimer(quietTimer); quietTimer = setTimer(done, 100); });
    let quietTimer = setTimer(done, 100);
    const maxTimer = setTimer(done, 1000);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const bridge = {
    async call(method, args) {
      const target = controller();
      if (method === 'getBrowserState') await quiet();
      if (typeof target[method] !== 'function') return { unsupported: true };
      return { value: await target[method](...args) };
    },
    text() {
      return { url: location.href, title: document.title, text: document.body ? document.body.innerText : '' };
    },
  };
  Object.defineProperty(window, key, { value: Object.freeze(bridge) });
})();`;

/** The whole init script: the bundle between the two small wrappers. */
export function bridgeScript(bundle: string, options: BridgeOptions): string {
  return `${BEFORE}\n${bundle}\n${after(options)}`;
}
