// Public types of the agent: status, activity, history events, results, tools and approval.
// Shapes follow page-agent 1.x (DESIGN.md §3); additions are marked as ours.
import type { StandardSchema } from './base/index.js';
import type { LLMConfig, ToolInputSchema, Usage } from './llm/index.js';

export type { Usage } from './llm/index.js';

/** Supported UI and prompt languages. */
export type SupportedLanguage = 'en-US' | 'zh-CN';

/** Agent lifecycle status. */
export type AgentStatus = 'idle' | 'running' | 'completed' | 'error' | 'stopped';

/** Transient feedback for the UI (never part of the model's context). */
export type AgentActivity =
  | { type: 'thinking' }
  /** Ours: what the model has said so far of a streamed reply (its evaluation, then its next goal); after `thinking`, any number of times. */
  | { type: 'streaming'; text: string }
  | { type: 'executing'; tool: string; input: unknown }
  | { type: 'executed'; tool: string; input: unknown; output: string; duration: number }
  | { type: 'retrying'; attempt: number; maxAttempts: number }
  | { type: 'error'; message: string }
  /**
   * Ours: an action waits for the user's approval; answer with `agent.respondToApproval(decision)`.
   * `reason` says why the risky-action policy flagged it; `element` describes the target.
   */
  | { type: 'approval'; tool: string; input: unknown; reason?: string; element?: string }
  /** Ours: the agent asks the user a question through `onAskUser`. */
  | { type: 'asking'; question: string }
  /** Ours: the run is paused between steps (`pause()`); `resume()` continues it. */
  | { type: 'paused' };

/** The reflection the model gives before each action. */
export interface AgentReflection {
  evaluation_previous_goal: string;
  memory: string;
  next_goal: string;
}

/** A step: reflection, the action with its result, and token usage. */
export interface AgentStepEvent {
  type: 'step';
  stepIndex: number;
  reflection: Partial<AgentReflection>;
  action: { name: string; input: any; output: string };
  usage: Usage;
  rawResponse?: unknown;
  rawRequest?: unknown;
}

/** Something the agent noticed or was told; stays in the model's context. */
export interface ObservationEvent {
  type: 'observation';
  content: string;
}

/** The user took over and handed control back. */
export interface UserTakeoverEvent {
  type: 'user_takeover';
}

/** An LLM call is being retried. */
export interface RetryEvent {
  type: 'retry';
  message: string;
  attempt: number;
  maxAttempts: number;
}

/** A fatal error from the LLM or from execution. */
export interface AgentErrorEvent {
  type: 'error';
  message: string;
  rawResponse?: unknown;
}

/** Everything in `history`. */
export type HistoricalEvent = AgentStepEvent | ObservationEvent | UserTakeoverEvent | RetryEvent | AgentErrorEvent;

/**
 * The outcome of `execute(task)`: `data` is the answer's text, or (ours) with an `outputSchema` the
 * validated data of a successful run. `usage` is ours: the task's token total.
 */
export type ExecutionResult<T = string> = {
  history: HistoricalEvent[];
  usage?: Usage;
} & ({ success: true; data: T } | { success: false; data: string });

/** Ours: what `execute(task, options)` takes besides the task. */
export interface ExecuteOptions<T = unknown> {
  /** Keep the earlier tasks of this conversation (their tasks, answers and last pages) for the model. */
  continue?: boolean;
  /** A zod (3 or 4) schema or a JSON Schema: `done` then returns `data` of that shape, and `extract` is offered. */
  outputSchema?: StandardSchema<T> | Record<string, unknown>;
}

/** Per-invocation context passed to every tool. Tools must honour `signal`. */
export interface ToolContext {
  signal: AbortSignal;
}

/** A tool the agent can call; `this` is the agent. */
export interface PageAgentTool<TParams = any> {
  description: string;
  /** A zod schema (classic `zod` or `zod/mini`). */
  inputSchema: ToolInputSchema<TParams>;
  execute: (this: any, args: TParams, ctx: ToolContext) => Promise<string>;
}

/**
 * What an approval policy answers for one action (ours): allow, deny (optionally with a note the
 * model reads), or `'ask'` to let the user decide through the `approval` activity.
 */
export type ApprovalDecision = boolean | 'allow' | 'deny' | 'ask' | { allow: false; note?: string } | { allow: true };

/** Context given to `approveAction` (ours). */
export interface ApprovalContext {
  /** A one-line description of the target element, when the action has one. */
  element?: string;
  /** Why the default policy flagged the action, when it did. */
  reason?: string;
  /** How the default policy judged, when that matters (a label in a script its word table does not know). */
  note?: string;
  /** The other site (origin) a click or key press would open: a link's target or the action of the form it submits. */
  origin?: string;
  url: string;
  signal: AbortSignal;
}

/**
 * Decides, before a tool runs, whether it may (ours). `'risky'` asks the user only for actions the
 * built-in policy flags; `'all'` asks before every page action; a function decides itself.
 */
export type ApprovalPolicy =
  | 'risky'
  | 'all'
  | ((this: any, tool: string, input: unknown, context: ApprovalContext) => ApprovalDecision | Promise<ApprovalDecision>);

/** Agent options (page-agent 1.x names and meanings; additions are marked as ours); the hooks are in AgentHooks. */
export interface AgentOptions extends LLMConfig {
  language?: SupportedLanguage;
  /** The exact maximum number of model calls per task. @default 40 */
  maxSteps?: number;
  /** Ours: a token budget per task; the task stops before a model call that would pass it. */
  maxTokens?: number;
  /** Minimum pause between steps, in seconds; the DOM-quiet wait always runs. */
  stepDelay?: number;
  /** Add tools, override a built-in by name, or remove one with `null`. */
  customTools?: Record<string, PageAgentTool | null>;
  instructions?: {
    system?: string;
    getPageInstructions?: (url: string) => string | undefined | null;
  };
  transformPageContent?: (content: string) => Promise<string> | string;
  customSystemPrompt?: string;
  experimentalScriptExecutionTool?: boolean;
  experimentalLlmsTxt?: boolean;
  /** Ours: decides before each page action whether it may run. */
  approveAction?: ApprovalPolicy;
  /**
   * Ours: the other origins (`https://shop.example`) links and forms may take the agent to; a click or
   * key press that would open any other site is refused, whatever approveAction says.
   */
  allowedOrigins?: string[];
}

/** The lifecycle hooks of the config; each receives the agent (`Agent`: PageAgentCore) first. */
export interface AgentHooks<Agent> {
  onBeforeTask?: (agent: Agent) => Promise<void> | void;
  /** `result.data` is the answer's text, or with an outputSchema its data. */
  onAfterTask?: (agent: Agent, result: ExecutionResult<any>) => Promise<void> | void;
  onBeforeStep?: (agent: Agent, stepCount: number) => Promise<void> | void;
  onAfterStep?: (agent: Agent, history: HistoricalEvent[]) => Promise<void> | void;
  onDispose?: (agent: Agent, reason?: string) => void;
}
