// A browser session of a Node-side run: a context with the bundle injected into every page, the
// start page loaded, the run's tabs, the Node-only tools and a PageAgentCore wired to them. runTask
// runs one task in it; the test runner runs a test's steps and checks in it.
import { resolve } from 'node:path';
import { PageAgentCore, type PageAgentTool, type SupportedLanguage } from 'drop-in-page-agent';
import type { Browser, BrowserContext } from 'playwright-core';
import { NodeRunError } from './errors.js';
import { bridgeScript, readBundle } from './browser/page-bridge.js';
import { launchChromium } from './browser/playwright.js';
import { mirrorRunInPanel } from './browser/panel-mirror.js';
import { RemotePageController } from './browser/remote-controller.js';
import { TabSet } from './browser/tabs.js';
import { browserTools, describeTabs } from './tools/browser-tools.js';
import { OriginPolicy } from './tools/origin-policy.js';
import type { AnswerEndpoint } from './tools/page-text-answer.js';
import { LlmCallRecorder } from './llm-call-recorder.js';

/** Where a session starts, which model it uses, and how the browser is set up. */
export interface SessionOptions {
  /** The page the session starts on (http, https or file URL). */
  url: string;
  /** OpenAI-compatible endpoint, e.g. https://api.openai.com/v1. */
  baseURL: string;
  model: string;
  apiKey?: string;
  /** The exact maximum number of model calls. @default 40 */
  maxSteps?: number;
  language?: SupportedLanguage;
  /** Extra system instructions for the model. */
  instructions?: string;
  /** Show the browser window, with the agent's panel (mirroring the run) and its mask while it acts. @default false */
  headed?: boolean;
  /** Show the agent's panel in each page, mirroring the run (its Stop button stops it). @default headed */
  panel?: boolean;
  /** Origins the agent may open besides the start URL's; default: any. */
  allowedOrigins?: string[];
  /** A Playwright storage-state file (cookies, localStorage) to start logged in. */
  storageState?: string;
  /** Tools to add (or built-ins to override, or `null` to remove), as in the in-page agent. */
  customTools?: Record<string, PageAgentTool | null>;
  /** A running browser to use (a new context is made and closed); by default Chromium is launched and closed. */
  browser?: Browser;
  /** Environment for finding Chromium (CHROMIUM_PATH). @default process.env */
  env?: Record<string, string | undefined>;
  /** Let Playwright close the browser it launches and exit on Ctrl+C and SIGTERM (false: the caller handles them, e.g. through `signal`). @default true */
  handleSignals?: boolean;
}

/** An open session: close() closes its context (and the browser it launched). */
export interface Session {
  agent: PageAgentCore;
  tabs: TabSet;
  controller: RemotePageController;
  /** The run's model endpoint, with the fetch that records how the last call went. */
  endpoint: AnswerEndpoint;
  llm: LlmCallRecorder;
  /** Pages answers were extracted from, in order. */
  sources: string[];
  close(): Promise<void>;
}

/** The system instructions every Node-side agent gets. */
export const NODE_INSTRUCTIONS = [
  'You run in a browser driven from Node: besides acting on the page you can open URLs (navigate, open_new_tab), switch and close tabs, go back, and extract answers from the whole text of a page.',
  'When the answer comes from pages you read, name their URLs as sources in your final answer.',
].join(' ');

/** Checks the start URL and the model settings; a NodeRunError (usage or config) says what is wrong. */
export function checkSessionOptions(options: SessionOptions): URL {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new NodeRunError('usage', `The start URL "${options.url}" is not a URL; write it in full, e.g. https://example.com/.`);
  }
  if (!/^https?:$|^file:$/.test(url.protocol)) throw new NodeRunError('usage', `The start URL must be http, https or file, not ${url.protocol}.`);
  if (!options.baseURL) throw new NodeRunError('config', 'No model endpoint: set LLM_BASE_URL (or --base-url).');
  if (!options.model) throw new NodeRunError('config', 'No model: set LLM_MODEL (or --model).');
  return url;
}

async function newContext(browser: Browser, options: SessionOptions): Promise<BrowserContext> {
  try {
    return await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: options.storageState ? resolve(options.storageState) : undefined });
  } catch (error) {
    if (options.storageState) throw new NodeRunError('config', `--storage-state ${options.storageState} could not be used: ${String((error as Error).message).split('\n')[0]}`);
    throw new NodeRunError('browser', `The browser could not open a context: ${(error as Error).message}`);
  }
}

/** Loads the start page; a NodeRunError (network) says why it did not load. */
export async function openStart(context: BrowserContext, url: URL) {
  const page = await context.newPage();
  try {
    const response = await page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    if (response && response.status() >= 400) throw new NodeRunError('network', `${url.href} answered HTTP ${response.status()}.`);
  } catch (error) {
    if (error instanceof NodeRunError) throw error;
    // Playwright's first line is "page.goto: net::ERR_… at URL"; the URL is said already.
    const reason = String((error as Error).message ?? error).split('\n')[0]!.replace(/^page\.goto: /, '').replace(` at ${url.href}`, '');
    throw new NodeRunError('network', `${url.href} did not load: ${reason}`);
  }
  return page;
}

/** Refuses top-level navigations to origins the policy does not allow (those the page starts too), telling `note` why. */
export async function blockOtherOrigins(context: BrowserContext, origins: OriginPolicy, note: (text: string) => void): Promise<void> {
  if (origins.open) return;
  await context.route('**/*', (route) => {
    const request = route.request();
    // Top-level documents only: the pages the agent reads, not the frames embedded in them.
    if (!request.isNavigationRequest() || request.frame().parentFrame() !== null || origins.allows(request.url())) return route.fallback();
    // 204 No Content cancels a navigation and leaves the page as it was (an abort would show an error page).
    note(`A navigation to ${request.url()} was blocked: that origin is not allowed.`);
    return route.fulfill({ status: 204, body: '' });
  });
}

/**
 * Opens a session on `options.url`. Throws NodeRunError for bad options, a browser that does not
 * start or a start page that does not load, after closing what it opened.
 */
export async function openSession(options: SessionOptions): Promise<Session> {
  const start = checkSessionOptions(options);
  const ownBrowser = !options.browser;
  const browser = options.browser ?? (await launchChromium({ headed: options.headed, env: options.env, handleSignals: options.handleSignals }));
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close().catch(() => undefined);
    if (ownBrowser) await browser.close().catch(() => undefined);
  };
  try {
    context = await newContext(browser, options);
    const panel = options.panel ?? !!options.headed;
    await context.addInitScript({ content: bridgeScript(readBundle(), { mask: !!options.headed, panel, language: options.language }) });
    const origins = new OriginPolicy(options.allowedOrigins, start.href);
    const pending: string[] = [];
    let agent: PageAgentCore | undefined;
    const note = (text: string) => (agent ? agent.pushObservation(text) : pending.push(text));
    await blockOtherOrigins(context, origins, note);
    const first = await openStart(context, start);
    const tabs = new TabSet(context, first, note);
    const llm = new LlmCallRecorder(fetch);
    const sources: string[] = [];
    const endpoint: AnswerEndpoint = { baseURL: options.baseURL, model: options.model, apiKey: options.apiKey, fetch: llm.fetch };
    const tools = browserTools({ tabs, origins, endpoint, onSource: (url) => sources.includes(url) || sources.push(url) });
    const controller = new RemotePageController(tabs, () => describeTabs(tabs));
    agent = new PageAgentCore({
      pageController: controller,
      baseURL: options.baseURL,
      model: options.model,
      apiKey: options.apiKey,
      maxSteps: options.maxSteps,
      language: options.language,
      customFetch: llm.fetch,
      instructions: { system: [NODE_INSTRUCTIONS, origins.open ? '' : `You may only open pages on these origins: ${origins.describe()}.`, options.instructions ?? ''].filter(Boolean).join('\n') },
      customTools: { ...tools, ...options.customTools },
      // execute() starts with an empty note queue: notes from before it (a tab the start page opened) go in here.
      onBeforeTask: (core) => {
        for (const text of pending.splice(0)) core.pushObservation(text);
      },
    });
    if (panel) await mirrorRunInPanel(agent, tabs, context);
    return { agent, tabs, controller, endpoint, llm, sources, close };
  } catch (error) {
    await close();
    throw error;
  }
}
