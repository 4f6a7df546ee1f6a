// What the agent tells its listeners while it runs: history (what the model sees next step), activity
// (transient UI feedback), and failures of user code (hooks, policies) reported on both.
import { messageOf } from '../base/index.js';
import type { LLMRetryDetail } from '../llm/index.js';
import type { AgentActivity, AgentHooks, HistoricalEvent } from '../types.js';
import type { LoopAgent } from './loop-agent.js';

/** The config hooks the loop calls, each with the agent first. */
export type HookName = Exclude<keyof AgentHooks<unknown>, 'onDispose'>;

/** Emits `historychange`. */
export function emitHistory(agent: EventTarget): void {
  agent.dispatchEvent(new Event('historychange'));
}

/** Appends an event to the agent's history and emits `historychange`. */
export function recordEvent(agent: EventTarget & { history: HistoricalEvent[] }, event: HistoricalEvent): void {
  agent.history.push(event);
  emitHistory(agent);
}

/** Emits transient UI feedback as an `activity` CustomEvent. */
export function emitActivity(agent: EventTarget, activity: AgentActivity): void {
  agent.dispatchEvent(new CustomEvent('activity', { detail: activity }));
}

/** Reports a failure of user code: console, an `error` activity and a history event. */
export function reportFailure(agent: EventTarget & { history: HistoricalEvent[] }, message: string, error: unknown): void {
  console.error(`[page-agent] ${message}`, error);
  emitActivity(agent, { type: 'error', message });
  recordEvent(agent, { type: 'error', message });
}

/** Records a retry of the model call: a `retrying` activity, the failed reply as an error and a `retry` event. */
export function recordRetry(agent: EventTarget & { history: HistoricalEvent[] }, { attempt, maxAttempts, error }: LLMRetryDetail): void {
  emitActivity(agent, { type: 'retrying', attempt, maxAttempts });
  agent.history.push({ type: 'error', message: error.message, rawResponse: error.rawResponse });
  recordEvent(agent, { type: 'retry', message: `Retrying the model call (${attempt} of ${maxAttempts}) after: ${error.message}`, attempt, maxAttempts });
}

/** Calls a config hook with the agent first; a throw is reported (console, activity, history) and returned as its message. */
export async function callHook(agent: LoopAgent, name: HookName, ...args: unknown[]): Promise<string | undefined> {
  try {
    await (agent.config[name] as ((...args: unknown[]) => unknown) | undefined)?.(agent, ...args);
    return undefined;
  } catch (error) {
    const message = `The ${name} hook failed: ${messageOf(error)}`;
    reportFailure(agent, message, error);
    return message;
  }
}
