// The async loader's command queue: a page that loads the IIFE with `async` (or late) queues calls in
// `window.pageAgentQueue` before the script arrives, dataLayer-style; the script runs them in order
// once its agent exists and from then on runs every push at once. A bad entry is reported on the
// console with its position and what was wrong; the entries after it still run.
import { isRecord, messageOf } from './base/index.js';
import type { PageAgent, PageAgentConfig } from './page-agent.js';

/** One queued call: a function given the agent, `['init', config]`, or `['method', ...args]` (`'panel.show'` reaches into the agent). */
export type QueuedCall = ((agent: PageAgent) => unknown) | [string, ...unknown[]];

/** Where the queue lives (window): the page's queue, replaced by the live one, and the running agent. */
export interface QueueTarget {
  pageAgentQueue?: unknown;
  pageAgent?: PageAgent;
}

/** The replacement of `window.pageAgentQueue` once the script runs: `push` runs each call at once. */
export interface LiveQueue {
  push(...calls: unknown[]): number;
  readonly length: number;
}

/**
 * Runs one queued entry; a throw (at once) or a rejected promise (when it comes) is reported on the
 * console with the entry's position and its method name, else its type (`function`, `number`, …).
 */
async function runEntry(call: unknown, position: number, target: QueueTarget, init: (config: PageAgentConfig) => PageAgent): Promise<void> {
  const isFunction = typeof call === 'function';
  const name = Array.isArray(call) && typeof call[0] === 'string' ? (call[0] as string) : undefined;
  try {
    if (!isFunction && !name) throw new Error('expected a function or an array like ["execute", "task"]');
    const args = isFunction ? [] : (call as unknown[]).slice(1);
    if (name === 'init') {
      if (!isRecord(args[0])) throw new Error('"init" takes a config object');
      return void init(args[0] as PageAgentConfig);
    }
    const agent = target.pageAgent;
    if (!agent) throw new Error('no agent is running yet: queue ["init", config] first, or give the script tag data-base-url and data-model');
    if (isFunction) return void (await (call as (agent: PageAgent) => unknown)(agent));
    // Walks "panel.show" from the agent; a name every object has (constructor, __proto__, toString, …)
    // anywhere on the way finds nothing.
    let owner: unknown;
    let method: unknown = agent;
    for (const part of name!.split('.')) {
      owner = method;
      method = part in Object.prototype ? undefined : (owner as Record<string, unknown> | null | undefined)?.[part];
    }
    if (typeof method !== 'function') throw new Error('not a method of the agent');
    await Reflect.apply(method, owner, args);
  } catch (error) {
    console.error(`[page-agent] pageAgentQueue item ${position} (${name === undefined ? typeof call : `'${name}'`}) failed: ${messageOf(error)}`);
  }
}

/**
 * Runs every call queued in `target.pageAgentQueue` (an array, if the page made one) in order,
 * then replaces it with a live queue whose `push` runs at once.
 */
export function drainQueue(target: QueueTarget, init: (config: PageAgentConfig) => PageAgent): LiveQueue {
  const queued = target.pageAgentQueue;
  let count = 0;
  const live: LiveQueue = {
    push: (...calls) => {
      for (const call of calls) void runEntry(call, ++count, target, init);
      return count;
    },
    get length() {
      return count;
    },
  };
  if (Array.isArray(queued)) live.push(...queued);
  else if (queued !== undefined && !(queued as LiveQueue | null)?.push) console.error('[page-agent] window.pageAgentQueue, neither an array nor a queue, was ignored.');
  target.pageAgentQueue = live;
  return live;
}
