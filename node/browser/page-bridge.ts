// The script injected into every page and frame before the page's own scripts: the built IIFE (so
// its listener tracker and closed-shadow-root tracking see the app from the start), kept from
// starting an agent or a panel of its own, and a small bridge the Node side calls through
// page.evaluate. The bridge uses only the bundle's public API (window.PageAgent, agent.pageController).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NodeRunError } from '../errors.js';
import { QUIET_SOURCE, REMOTE_ACTING_BINDING, REMOTE_AGENT_OPTIONS, REMOTE_RUN_SOURCE, REMOTE_STOP_BINDING, type RemoteOptions } from './remote-run.js';

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
  /** Show the agent's panel, mirroring the run Node drives (headed runs). */
  panel?: boolean;
  language?: string;
  /** Remote control (`mcp`): page actions run as steps of the page agent's own remote task (remote-run.ts). */
  remote?: RemoteOptions;
}

/** The binding the mirrored panel's Stop button calls (headed runs). */
export const STOP_BINDING = '__dropInPageAgentStop';

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
  let mirror = null;
  let panel = null;
  const page = () => {
    if (!PageAgentClass) throw new Error('the page-agent bundle did not load in this page');
    // The mirrored panel is the agent's own UI: never read, never indexed.
    agent ??= new PageAgentClass({ ${options.remote ? REMOTE_AGENT_OPTIONS : ''}enableMask: options.mask, language: options.language, promptForNextTask: false, rememberTasks: false, ignoreElements: [() => panel && panel.wrapper] });
    return agent;
  };
  const controller = () => page().pageController;
  // The Playwright bindings through which the remote run tells Node an action began, or the user stopped.
  const remoteHook = (name) => window[name === 'acting' ? ${JSON.stringify(REMOTE_ACTING_BINDING)} : ${JSON.stringify(REMOTE_STOP_BINDING)}];${options.remote ? REMOTE_RUN_SOURCE : ''}
  // The panel of a headed run: the bundle's own Panel bound to a mirror of the agent Node runs, kept
  // current by Node (showRun); its Stop button stops the run in Node.
  const showRun = (state, activity) => {
    if (!options.panel || !document.body) return;
    if (!mirror) {
      mirror = Object.assign(new EventTarget(), {
        status: 'idle', history: [], task: '', lastResult: null, disposed: false,
        execute: () => Promise.reject(new Error('This run is driven from Node; start tasks there.')),
        stop: () => { const stop = window[${JSON.stringify(STOP_BINDING)}]; if (stop) stop(); },
        dispose: () => {},
      });
      const Panel = page().panel.constructor;
      panel = new Panel(mirror, { language: options.language });
      panel.show();
    }
    if (state) {
      const changed = state.status !== mirror.status;
      Object.assign(mirror, state);
      mirror.dispatchEvent(new Event('historychange'));
      if (changed) mirror.dispatchEvent(new Event('statuschange'));
    }
    if (activity) mirror.dispatchEvent(new CustomEvent('activity', { detail: activity }));
  };
  ${QUIET_SOURCE}
  const bridge = {
    async call(method, args) {
      const target = controller();
      if (method === 'getBrowserState') await quiet();
      if (typeof target[method] !== 'function') return { unsupported: true };${options.remote ? REMOTE_CALL : ''}
      return { value: await target[method](...args) };
    },
    showRun(state, activity) {
      showRun(state, activity);
    },
    text() {
      return { url: location.href, title: document.title, text: document.body ? document.body.innerText : '' };
    },
  };
  Object.defineProperty(window, key, { value: Object.freeze(bridge) });
})();`;

// Remote mode: actions run through the remote task (approval, panel steps, Stop); a read starts that task.
const REMOTE_CALL = `
      if (method in TOOLS) return { value: await remoteAct(method, args) };
      if (method === 'getBrowserState') { remoteStart(); return { value: await readPage() }; }`;

/** The whole init script: the bundle between the two small wrappers. */
export function bridgeScript(bundle: string, options: BridgeOptions): string {
  return `${BEFORE}\n${bundle}\n${after(options)}`;
}
