// The IIFE entry for <script> tags and bookmarklets, and the only module with side effects:
// it installs the listener tracker at once (so a tag in <head> sees the app's listeners), reads its
// own tag's settings, disposes an earlier window.pageAgent, and creates the new one.
import { installListenerTracker, uninstallListenerTracker } from './dom/index.js';
// loader-queue before page-agent: esbuild then emits it where the IIFE gzips smaller; it has no load-time effects.
import { drainQueue } from './loader-queue.js';
import { PageAgent, type PageAgentConfig } from './page-agent.js';
import { readScriptSettings } from './config/index.js';

declare global {
  interface Window {
    PageAgent: typeof PageAgent;
    pageAgent?: PageAgent;
    pageAgentQueue?: unknown;
  }
}

const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

// A second injection (a bookmarklet clicked twice, a newer bundle) disposes the previous instance,
// whether or not this one starts an agent itself, and before installing our tracker: the old copy
// then restores the page's own methods first, so wrappers never stack.
if (window.pageAgent) {
  try {
    window.pageAgent.dispose();
  } catch (error) {
    console.error('[page-agent] disposing the previous window.pageAgent failed:', error);
  }
  window.pageAgent = undefined;
}

try {
  installListenerTracker();
} catch (error) {
  console.error('[page-agent] could not install the listener tracker; clickable elements without semantics may be missed.', error);
}

const settings = readScriptSettings(script, document.documentElement?.lang);

// Lit reads this when it must fall back to <style> elements (browsers without adoptedStyleSheets),
// so a nonce-based CSP allows them.
if (settings.nonce) (globalThis as { litNonce?: string }).litNonce = settings.nonce;

window.PageAgent = PageAgent;

for (const warning of settings.warnings) console.warn(warning);

/** Set while ["init", config] disposes the agent it replaces: the listener tracker stays for the new one. */
let replacing = false;

/** Starts an agent as window.pageAgent; the listener tracker's wrappers go with it on dispose. */
function start(config: PageAgentConfig): PageAgent {
  const agent = new PageAgent(config);
  window.pageAgent = agent;
  agent.addEventListener('dispose', () => {
    // The wrappers are undone with the instance; a newer bundle's own wrappers stay in place.
    if (!replacing) uninstallListenerTracker();
    // A disposed agent leaves no global behind (PageAgent and the queue belong to the loaded script).
    if (window.pageAgent === agent) delete window.pageAgent;
  }, { once: true });
  if (settings.showPanel) agent.panel.show();
  return agent;
}

if (settings.error) {
  console.error(`[page-agent] ${settings.error.message} Fix the ${settings.error.attribute} attribute of the <script> tag; the agent was not started.`);
} else if (settings.autoInit) {
  try {
    start(settings.config as unknown as PageAgentConfig);
  } catch (error) {
    console.error('[page-agent] could not start from the <script> tag settings:', error);
  }
}

// Calls the page queued before the script arrived (async loader snippet), then every later push.
drainQueue(window, (config) => {
  // ["init", config] replaces an agent started from the tag (dispose() never throws), keeping the
  // tag's settings as defaults and the listener tracker installed.
  replacing = true;
  window.pageAgent?.dispose();
  replacing = false;
  return start({ ...(settings.config as object), ...config } as PageAgentConfig);
});
