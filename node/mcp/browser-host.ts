// The browser an MCP server drives: Chromium launched (headed by default) with the bundle injected in
// remote mode into every page, the tabs, the Node-side page controller and the Node-only tools. Page
// actions go through the page's own agent (approval, panel steps, Stop); page_task runs an agent in
// Node with the server's model, as `run` does.
import { PageAgentCore, type PageAgentTool, type SupportedLanguage } from 'drop-in-page-agent';
import type { Browser, BrowserContext } from 'playwright-core';
import { NodeRunError } from '../errors.js';
import { bridgeScript, readBundle } from '../browser/page-bridge.js';
import { launchChromium } from '../browser/playwright.js';
import { RemotePageController } from '../browser/remote-controller.js';
import { REMOTE_ACTING_BINDING, REMOTE_STOP_BINDING } from '../browser/remote-run.js';
import { TabSet } from '../browser/tabs.js';
import { blockOtherOrigins, NODE_INSTRUCTIONS, openStart } from '../session.js';
import type { LlmSettings } from '../cli/llm-settings.js';
import { browserTools, describeTabs } from '../tools/browser-tools.js';
import { OriginPolicy } from '../tools/origin-policy.js';
import type { McpHost } from './mcp-host.js';

/** How the MCP server's browser is set up. */
export interface BrowserHostOptions {
  /** Show the browser window. @default true */
  headed?: boolean;
  /** The first page (http, https or file); default about:blank. */
  url?: string;
  /** Approval policy of page actions: off (none), risky (the built-in risk check asks) or all. */
  approval: 'off' | 'risky' | 'all';
  /** Origins pages may be opened on besides the start URL's; default any. */
  allowedOrigins?: string[];
  language?: SupportedLanguage;
  storageState?: string;
  /** The server's own model, for page_task (none: page_task is not offered). */
  llm?: LlmSettings;
  /** Model calls per page_task unless the call says otherwise. @default 40 */
  maxSteps?: number;
  env?: Record<string, string | undefined>;
  /** A running browser to use (tests); by default Chromium is launched and closed. */
  browser?: Browser;
}

/** An open MCP browser: its tabs, the controller of the current tab, the tools (in-page built-ins plus the Node tab tools), and close(). */
export interface BrowserHost extends McpHost {
  readonly tabs: TabSet;
  readonly controller: RemotePageController;
  readonly origins: OriginPolicy;
}

/** Checks the start URL; a NodeRunError (usage) when it is not one the browser may open. */
export function startUrl(raw: string | undefined): URL | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new NodeRunError('usage', `--url "${raw}" is not a URL; write it in full, e.g. https://example.com/.`);
  }
  if (!/^https?:$|^file:$/.test(url.protocol)) throw new NodeRunError('usage', `--url must be http, https or file, not ${url.protocol}.`);
  return url;
}

/** Launches (or uses) a browser and opens the first tab; throws NodeRunError after closing what it opened. */
export async function openBrowserHost(options: BrowserHostOptions, client: string): Promise<BrowserHost> {
  const start = startUrl(options.url);
  const ownBrowser = !options.browser;
  const browser = options.browser ?? (await launchChromium({ headed: options.headed !== false, env: options.env, handleSignals: false }));
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close().catch(() => undefined);
    if (ownBrowser) await browser.close().catch(() => undefined);
  };
  try {
    // A window the user sees keeps its own size; headless gets the runner's viewport.
    context = await browser.newContext({ viewport: options.headed === false ? { width: 1280, height: 800 } : null, storageState: options.storageState });
    let host: BrowserHost | undefined;
    let started = 0;
    await context.exposeBinding(REMOTE_STOP_BINDING, () => host?.onUserStop?.());
    await context.exposeBinding(REMOTE_ACTING_BINDING, () => void started++);
    const approval = options.approval === 'off' ? undefined : options.approval;
    await context.addInitScript({ content: bridgeScript(readBundle(), { mask: false, language: options.language, remote: { client, approval } }) });
    const notes: string[] = [];
    const note = (text: string) => void notes.push(text);
    const origins = new OriginPolicy(options.allowedOrigins, start?.href ?? 'about:blank');
    await blockOtherOrigins(context, origins, note);
    const first = start ? await openStart(context, start) : await context.newPage();
    const tabs = new TabSet(context, first, note);
    const controller = new RemotePageController(tabs, () => describeTabs(tabs));
    const endpoint = { baseURL: options.llm?.baseURL ?? '', model: options.llm?.model ?? '', apiKey: options.llm?.apiKey, fetch };
    const nodeTools = browserTools({ tabs, origins, endpoint, onSource: () => undefined });
    // Without a model the agent has no extract tool to offer; the catalog agent never runs.
    if (!options.llm) delete (nodeTools as Record<string, PageAgentTool | undefined>).extract;
    const catalog = new PageAgentCore({ pageController: controller, baseURL: 'http://catalog.invalid/v1', model: 'none', customTools: nodeTools });
    host = {
      tabs,
      controller,
      origins,
      tools: catalog.tools,
      browserTools: true,
      get actionsStarted() {
        return started;
      },
      takeNotes: () => notes.splice(0),
      taskAgent(maxSteps) {
        const llm = options.llm;
        if (!llm) return undefined;
        const system = [NODE_INSTRUCTIONS, origins.open ? '' : `You may only open pages on these origins: ${origins.describe()}.`].filter(Boolean).join('\n');
        return new PageAgentCore({
          pageController: controller,
          ...llm,
          maxSteps: maxSteps ?? options.maxSteps,
          language: options.language,
          instructions: { system },
          customTools: nodeTools,
        });
      },
      close,
    };
    return host;
  } catch (error) {
    await close();
    if (error instanceof NodeRunError) throw error;
    throw new NodeRunError('browser', `The browser could not be set up: ${String((error as Error).message ?? error).split('\n')[0]}`);
  }
}
