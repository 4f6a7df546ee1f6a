// The panel's types: what it needs from an agent (an interface: events and public members only) and its options.
// PageAgentCore satisfies it; tests use a plain EventTarget. Knows no implementation.
import type { AgentStatus, ApprovalDecision, ExecutionResult, HistoricalEvent, SupportedLanguage } from '../types.js';

/** Where a run stands with respect to the user's pause and take-over controls. */
export type RunControlState = 'running' | 'pausing' | 'paused' | 'takeover';

/**
 * The agent as the panel sees it: `statuschange`, `historychange`, `activity` and `dispose` events,
 * plus the page-agent 1.x members. Pause and take-over are optional (headless cores lack them).
 */
export interface PanelAgent extends EventTarget {
  readonly status: AgentStatus;
  readonly history: readonly HistoricalEvent[];
  readonly task: string;
  readonly lastResult?: ExecutionResult<unknown> | null;
  readonly disposed?: boolean;
  /** The agent's settings; `maxSteps` gives the status bar its "Step 3 of 40". */
  readonly config?: { readonly maxSteps?: number };
  onAskUser?: ((question: string, options?: { signal: AbortSignal }) => Promise<string>) | undefined;
  /** Ours: `continue` keeps the earlier tasks of the conversation for the model. */
  execute(task: string, options?: { continue?: boolean }): Promise<unknown>;
  stop(): Promise<void> | void;
  dispose(): void;
  /** Ours: pause after the current step (emits `controlchange`). */
  pause?(): void;
  /** Ours: resume after a pause or a take-over (a take-over is recorded as `user_takeover`). */
  resume?(): void;
  /** Ours: lift the mask and let the user act; the run waits until `resume()`. */
  takeOver?(): void;
  /** Ours: answers the pending `approval` activity. */
  respondToApproval?(decision: ApprovalDecision): void;
  /** Ours: the current pause/take-over state while running. */
  readonly controlState?: RunControlState;
}

/** Price per token, used to show the cost of a task. */
export interface TokenPricing {
  /** Price of one prompt (input) token. */
  promptPerToken: number;
  /** Price of one completion (output) token. */
  completionPerToken: number;
  /** Price of one cached prompt token; defaults to `promptPerToken`. */
  cachedPromptPerToken?: number;
  /** Currency symbol or ISO code shown before the amount. @default '$' */
  currency?: string;
}

/** Panel options (page-agent's `PanelConfig` plus ours). */
export interface PanelConfig {
  language?: SupportedLanguage;
  /** Show the task input again after a task ends. @default true */
  promptForNextTask?: boolean;
  /** Ours: show token cost with these prices. */
  pricing?: TokenPricing;
  /** Ours: describes the element behind an index (`<button>Submit`), for status and step text. */
  describeElement?: (index: number) => string | undefined;
  /** Ours: the element behind an index, so the phone sheet can keep clear of it. */
  elementAt?: (index?: number) => Element | undefined;
  /** Ours: names of missing settings; when non-empty the panel shows a setup message instead of running. */
  missingConfig?: string[];
  /** Ours: asked once when the task input first gets focus; a message means the endpoint cannot serve (shown as the setup problem, the input disabled). */
  checkSetup?: () => Promise<string | undefined>;
  /** Ours: the LLM endpoint, so a CSP block of exactly that origin can be explained. */
  endpoint?: string;
  /** Ours: keep recent tasks in the host page's `localStorage`; `false` never reads or writes it (memory only). @default true */
  rememberTasks?: boolean;
  /** Ours: the `localStorage` key of recent tasks; `false` keeps them in memory only. @default 'page-agent:recent-tasks' */
  recentTasksKey?: string | false;
}
