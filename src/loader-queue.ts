// The async loader's command queue: a page that loads the IIFE with `async` (or late) queues calls in
// `window.pageAgentQueue` before the script arrives, dataLayer-style; the script runs them in order
// once its agent exists and from then on runs every push at once. A bad entry is reported on the
// console with its position and what was wrong; the entries after it still run.
import { isRecord, messageOf } from './base/index.js';
import type { PageAgent, PageAgentConfig } from './page-agent.js';

/** One queued call: a function given the agent, `['init', config]`, or `['method', ...args]` (`'panel.show'` reaches into the agent). */
export type QueuedCall = ((agent: PageAgent) => unknown) | [string, ...unknown[]];

/** What the queue needs from the entry script. */
export interface QueueHost {
  /** The running agent, if any. */
  current(): PageAgent | undefined;
  /** Starts an agent from `config` (replacing a running one) and returns it. */
  init(config: PageAgentConfig): PageAgent;
}

/** The replacement of `window.pageAgentQueue` once the script runs: `push` runs each call at once. */
export interface LiveQueue {
  push(...calls: unknown[]): number;
  readonly length: number;
}

/** How a report names an entry: its method name, else its type (`function`, `number`, …). */
function describeCall(call: unknown): string {
  return Array.isArray(call) && typeof call[0] === 'string' ? `'${call[0]}'` : typeof call;
}

/** Runs one queued call; throws an Error saying what was wrong (the report names the entry). Returns what the call returned. */
function runCall(call: unknown, host: QueueHost): unknown {
  const isFunction = typeof call === 'function';
  if (!isFunction && (!Array.isArray(call) || typeof call[0] !== 'string' || !call[0])) {
    throw new Error('expected a function or an array like ["execute", "task"]');
  }
  const [name, ...args] = (isFunction ? [] : call) as [string, ...unknown[]];
  if (name === 'init') {
    const config = args[0];
    if (!isRecord(config)) throw new Error('"init" takes a config object');
    return host.init(config as PageAgentConfig);
  }
  const agent = host.current();
  if (!agent) throw new Error('no agent is running yet: queue ["init", config] first, or give the script tag data-base-url and data-model');
  if (isFunction) return (call as (agent: PageAgent) => unknown)(agent);
  // Walks "panel.show" from the agent; a name every object has (constructor, __proto__, toString, …)
  // anywhere on the way finds nothing.
  let owner: unknown;
  let method: unknown = agent;
  for (const part of name.split('.')) {
    owner = method;
    method = part in Object.prototype ? undefined : (owner as Record<string, unknown> | null | undefined)?.[part];
  }
  if (typeof method !== 'function') throw new Error('not a method of the agent');
  return Reflect.apply(method, owner, args);
}

/** Runs `call` and reports a throw or a rejected promise on the console, naming the entry. */
async function runReported(call: unknown, position: string, host: QueueHost): Promise<void> {
  try {
    // A throw is caught at once; a returned promise (or thenable) is awaited for its rejection.
    await runCall(call, host);
  } catch (error) {
    console.error(`[page-agent] pageAgentQueue ${position} (${describeCall(call)}) failed: ${messageOf(error)}`);
  }
}

/**
 * Runs every call queued in `target.pageAgentQueue` (an array, if the page made one) in order,
 * then replaces it with a live queue whose `push` runs at once.
 */
export function drainQueue(target: { pageAgentQueue?: unknown }, host: QueueHost): LiveQueue {
  const queued = target.pageAgentQueue;
  let count = 0;
  const live: LiveQueue = {
    push: (...calls) => {
      for (const call of calls) void runReported(call, `item ${++count}`, host);
      return count;
    },
    get length() {
      return count;
    },
  };
  if (Array.isArray(queued)) live.push(...queued);
  else if (queued !== undefined && !(queued as LiveQueue | null)?.push) console.error('[page-agent] window.pageAgentQueue is neither an array nor a queue; its content was ignored.');
  target.pageAgentQueue = live;
  return live;
}
