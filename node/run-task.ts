// runTask: one task in Chromium, driven from Node. The agent loop (PageAgentCore) runs here and
// calls the model from Node; a RemotePageController forwards observation and actions to the bundle
// injected into every page, so navigations, redirects, reloads and new tabs simply continue.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PageAgentCore, type ExecutionResult, type PageAgentTool, type SupportedLanguage } from 'drop-in-page-agent';
import type { Browser, BrowserContext } from 'playwright-core';
import { NodeRunError, type NodeRunErrorKind } from './errors.js';
import { bridgeScript, readBundle } from './browser/page-bridge.js';
import { launchChromium } from './browser/playwright.js';
import { RemotePageController } from './browser/remote-controller.js';
import { TabSet } from './browser/tabs.js';
import { browserTools, describeTabs } from './tools/browser-tools.js';
import { OriginPolicy } from './tools/origin-policy.js';
import { LlmCallRecorder } from './llm-call-recorder.js';
import { withSources } from './sources.js';

/** Options of runTask: the task, where it starts, the model, and the browser. */
export interface RunTaskOptions {
  task: string;
  /** The page the task starts on (http, https or file URL). */
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
  /** Show the browser window (and the agent's mask while it acts). @default false */
  headed?: boolean;
  /** Origins the agent may open besides the start URL's; default: any. */
  allowedOrigins?: string[];
  /** A Playwright storage-state file (cookies, localStorage) to start logged in. */
  storageState?: string;
  /** When the task fails, save a full-page screenshot of the current tab in this folder. */
  screenshotOnFail?: string;
  /** Tools to add (or built-ins to override, or `null` to remove), as in the in-page agent. */
  customTools?: Record<string, PageAgentTool | null>;
  /** A running browser to use (a new context is made and closed); by default Chromium is launched and closed. */
  browser?: Browser;
  /** Environment for finding Chromium (CHROMIUM_PATH). @default process.env */
  env?: Record<string, string | undefined>;
  /** Stops the run (Ctrl+C); the result then has status 'stopped'. */
  signal?: AbortSignal;
  /** Called with the agent before it starts: subscribe to its events (statuschange, historychange, activity). */
  onAgent?: (agent: PageAgentCore) => void;
}

/** The outcome of runTask: the agent's ExecutionResult plus where it went. */
export interface NodeExecutionResult extends ExecutionResult {
  /** How the run ended: 'completed', 'error' or 'stopped'. */
  status: string;
  /** The URL of the current tab at the end. */
  url: string;
  /** Every URL the run's tabs committed to, in order. */
  visitedUrls: string[];
  /** Pages the answer was read from (extract), or the pages visited when it read none. */
  sources: string[];
  /** The screenshot saved because the task failed (screenshotOnFail). */
  screenshot?: string;
  /** Set when the run failed because of the environment (model endpoint, network), not the task. */
  failure?: { kind: NodeRunErrorKind; message: string };
}

const NODE_INSTRUCTIONS = [
  'You run in a browser driven from Node: besides acting on the page you can open URLs (navigate, open_new_tab), switch and close tabs, go back, and extract answers from the whole text of a page.',
  'When the answer comes from pages you read, name their URLs as sources in your final answer.',
].join(' ');

function checkOptions(options: RunTaskOptions): URL {
  if (typeof options.task !== 'string' || options.task.trim() === '') throw new NodeRunError('usage', 'The task is empty: say what the agent should do.');
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

async function newContext(browser: Browser, options: RunTaskOptions): Promise<BrowserContext> {
  try {
    return await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: options.storageState ? resolve(options.storageState) : undefined });
  } catch (error) {
    if (options.storageState) throw new NodeRunError('config', `--storage-state ${options.storageState} could not be used: ${String((error as Error).message).split('\n')[0]}`);
    throw new NodeRunError('browser', `The browser could not open a context: ${(error as Error).message}`);
  }
}

/** Loads the start page; a NodeRunError (network) says why it did not load. */
async function openStart(context: BrowserContext, url: URL) {
  const page = await context.newPage();
  try {
    const response = await page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    if (response && response.status() >= 400) throw new NodeRunError('network', `${url.href} answered HTTP ${response.status()}.`);
  } catch (error) {
    if (error instanceof NodeRunError) throw error;
    const reason = String((error as Error).message ?? error).split('\n')[0]!.replace(/^page\.goto: /, '');
    throw new NodeRunError('network', `${url.href} did not load: ${reason}`);
  }
  return page;
}

/**
 * Runs `task` in Chromium from `url` and resolves with the result. Throws NodeRunError for bad
 * options, a browser that does not start or a start page that does not load; every other failure
 * resolves `success: false`. The browser (or the context, with `options.browser`) is always closed.
 */
export async function runTask(options: RunTaskOptions): Promise<NodeExecutionResult> {
  const start = checkOptions(options);
  if (options.signal?.aborted) throw new NodeRunError('usage', 'The run was stopped before it started.');
  const ownBrowser = !options.browser;
  const browser = options.browser ?? (await launchChromium({ headed: options.headed, env: options.env }));
  let context: BrowserContext | undefined;
  try {
    context = await newContext(browser, options);
    await context.addInitScript({ content: bridgeScript(readBundle(), { mask: !!options.headed, language: options.language }) });
    const origins = new OriginPolicy(options.allowedOrigins, start.href);
    const pending: string[] = [];
    let agent: PageAgentCore | undefined;
    const note = (text: string) => (agent ? agent.pushObservation(text) : pending.push(text));
    if (!origins.open) {
      await context.route('**/*', (route) => {
        const request = route.request();
        // Top-level documents only: the pages the agent reads, not the frames embedded in them.
        if (!request.isNavigationRequest() || request.frame().parentFrame() !== null || origins.allows(request.url())) return route.fallback();
        // 204 No Content cancels a navigation and leaves the page as it was (an abort would show an error page).
        note(`A navigation to ${request.url()} was blocked: that origin is not allowed.`);
        return route.fulfill({ status: 204, body: '' });
      });
    }
    const first = await openStart(context, start);
    const tabs = new TabSet(context, first, note);
    const llm = new LlmCallRecorder(fetch);
    const sources: string[] = [];
    const tools = browserTools({
      tabs,
      origins,
      endpoint: { baseURL: options.baseURL, model: options.model, apiKey: options.apiKey, fetch: llm.fetch },
      onSource: (url) => sources.includes(url) || sources.push(url),
    });
    agent = new PageAgentCore({
      pageController: new RemotePageController(tabs, () => describeTabs(tabs)),
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
    options.onAgent?.(agent);
    const running = agent;
    const onAbort = () => void running.stop();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let result: ExecutionResult;
    try {
      result = await agent.execute(options.task);
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    const visitedUrls = tabs.visited;
    const usedSources = sources.length > 0 ? sources : visitedUrls.length > 1 ? visitedUrls : [];
    const outcome: NodeExecutionResult = {
      ...result,
      data: result.success ? withSources(result.data, usedSources) : result.data,
      status: agent.status,
      url: tabs.current.url(),
      visitedUrls,
      sources: usedSources,
    };
    const failure = result.success ? undefined : llm.failure();
    if (failure) outcome.failure = failure;
    if (!result.success && options.screenshotOnFail && agent.status !== 'stopped') outcome.screenshot = await screenshot(tabs, options.screenshotOnFail);
    return outcome;
  } finally {
    await context?.close().catch(() => undefined);
    if (ownBrowser) await browser.close().catch(() => undefined);
  }
}

/** Saves a full-page screenshot of the current tab; undefined when it cannot be taken. */
async function screenshot(tabs: TabSet, folder: string): Promise<string | undefined> {
  try {
    mkdirSync(folder, { recursive: true });
    const path = resolve(join(folder, `failure-${new Date().toISOString().replace(/[:.]/g, '-')}.png`));
    await tabs.current.screenshot({ path, fullPage: true, timeout: 10_000 });
    return path;
  } catch {
    return undefined;
  }
}
