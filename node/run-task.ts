// runTask: one task in Chromium, driven from Node. The agent loop (PageAgentCore) runs here and
// calls the model from Node; a RemotePageController forwards observation and actions to the bundle
// injected into every page, so navigations, redirects, reloads and new tabs simply continue.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ExecuteOptions, ExecutionResult, PageAgentCore } from 'drop-in-page-agent';
import type { Page } from 'playwright-core';
import { NodeRunError, type NodeRunErrorKind } from './errors.js';
import type { TabSet } from './browser/tabs.js';
import { checkSessionOptions, openSession, type SessionOptions } from './session.js';
import { withSources } from './sources.js';

/** Options of runTask: the task, where it starts, the model, and the browser. */
export interface RunTaskOptions extends SessionOptions {
  task: string;
  /** A zod or JSON Schema: `data` of a successful result is then the validated value (see execute()). */
  outputSchema?: ExecuteOptions['outputSchema'];
  /** When the task fails, save a full-page screenshot of the current tab in this folder. */
  screenshotOnFail?: string;
  /** Stops the run (Ctrl+C); the result then has status 'stopped'. */
  signal?: AbortSignal;
  /** Called with the agent before it starts: subscribe to its events (statuschange, historychange, activity). */
  onAgent?: (agent: PageAgentCore) => void;
  /** Called with the current tab once the task has ended, before the browser closes: read what the page shows. */
  beforeClose?: (page: Page) => unknown;
}

/** The outcome of runTask: the agent's ExecutionResult plus where it went. */
export type NodeExecutionResult = ExecutionResult<any> & NodeRunFacts;

/** What runTask adds to the agent's ExecutionResult. */
export interface NodeRunFacts {
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

/**
 * Runs `task` in Chromium from `url` and resolves with the result. Throws NodeRunError for bad
 * options, a browser that does not start or a start page that does not load; every other failure
 * resolves `success: false`. The browser (or the context, with `options.browser`) is always closed.
 */
export async function runTask(options: RunTaskOptions): Promise<NodeExecutionResult> {
  if (typeof options.task !== 'string' || options.task.trim() === '') throw new NodeRunError('usage', 'The task is empty: say what the agent should do.');
  checkSessionOptions(options);
  if (options.signal?.aborted) throw new NodeRunError('usage', 'The run was stopped before it started.');
  const session = await openSession(options);
  const { agent, tabs, sources, llm } = session;
  try {
    options.onAgent?.(agent);
    const onAbort = () => void agent.stop();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let result: ExecutionResult<unknown>;
    try {
      result = await agent.execute(options.task, { outputSchema: options.outputSchema });
    } catch (error) {
      throw error instanceof Error && error.name === 'ConfigError' ? new NodeRunError('usage', error.message) : error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    const visitedUrls = tabs.visited;
    const usedSources = sources.length > 0 ? sources : visitedUrls.length > 1 ? visitedUrls : [];
    const outcome = {
      ...result,
      data: result.success && typeof result.data === 'string' ? withSources(result.data, usedSources) : result.data,
      status: agent.status,
      url: tabs.current.url(),
      visitedUrls,
      sources: usedSources,
    } as NodeExecutionResult;
    const failure = result.success ? undefined : llm.failure();
    if (failure) outcome.failure = failure;
    if (!result.success && options.screenshotOnFail && agent.status !== 'stopped') outcome.screenshot = await screenshot(tabs, options.screenshotOnFail);
    await options.beforeClose?.(tabs.current);
    return outcome;
  } finally {
    await session.close();
  }
}

/** Saves a full-page screenshot of the current tab as `<name>-<time>.png`; undefined when it cannot be taken. */
export async function screenshot(tabs: TabSet, folder: string, name = 'failure'): Promise<string | undefined> {
  try {
    mkdirSync(folder, { recursive: true });
    const path = resolve(join(folder, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.png`));
    await tabs.current.screenshot({ path, fullPage: true, timeout: 10_000 });
    return path;
  } catch {
    return undefined;
  }
}
