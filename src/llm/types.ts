// Types of the OpenAI-compatible client: messages, tools, config, invoke options and results.
// Knows nothing of the DOM, the agent or the panel.
import type { StandardIssue, StandardResult, StandardSchema } from '../base/index.js';

/** One chat message in OpenAI's format. */
export interface Message {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  name?: string;
}

/** One issue of a Standard Schema result as zod reports it (`code`, `expected` besides the message). */
export interface SchemaIssue extends StandardIssue {
  readonly code?: string;
  readonly expected?: string;
}

/** What a tool input schema's `validate` returns: the parsed value, or zod-style issues. */
export type SchemaResult<T> = StandardResult<T, SchemaIssue>;

/**
 * A tool's input schema: zod v4 (classic `zod` or `zod/mini`) or the agent's own builders. The
 * client validates it through Standard Schema's `~standard.validate` (synchronous) and describes
 * it to the model from zod's `_zod.def`.
 */
export interface ToolInputSchema<T = any> extends StandardSchema<T> {
  readonly _zod: { readonly def: object };
}

/** A tool the model may call: an input schema and a function that runs it. */
export interface Tool<TParams = any, TResult = any> {
  description?: string;
  inputSchema: ToolInputSchema<TParams>;
  execute: (args: TParams) => Promise<TResult>;
}

/** Token usage of one call (or a sum of calls). */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  cachedTokens?: number;
  reasoningTokens?: number;
}

/** Client configuration; names and meanings follow page-agent 1.x. */
export interface LLMConfig {
  baseURL: string;
  model: string;
  apiKey?: string;
  /** @deprecated many models reject it; set it with transformRequestBody where verified. */
  temperature?: number;
  /** Retries after the first attempt. @default 2 */
  maxRetries?: number;
  /** Per-request timeout in milliseconds. @default 120000 */
  timeout?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Rewrites the request body; return a new object or mutate and return undefined. */
  transformRequestBody?: (body: Record<string, unknown>) => Record<string, unknown> | undefined;
  /** Send tool_choice "required" instead of naming the function. */
  disableNamedToolChoice?: boolean;
  /** Replaces fetch (proxies, credentials, custom headers). */
  customFetch?: typeof globalThis.fetch;
  /** Base delay of the exponential backoff between retries, in milliseconds. @default 500 */
  retryDelay?: number;
  /**
   * Debug log of the client (response repairs, quirks, retries): `true` logs with console.debug,
   * a function receives each line instead. Off by default.
   */
  debug?: boolean | LLMDebugLogger;
}

/** Receives the client's debug lines: a message and optional structured detail. */
export type LLMDebugLogger = (message: string, detail?: unknown) => void;

/** One repair applied to a model reply; `case` is the numbered case of src/llm/repair/. */
export interface RepairNote {
  case: number;
  message: string;
}

/**
 * A macro tool wraps several action tools in one call (the agent's `AgentOutput`):
 * `{ evaluation_previous_goal?, memory?, next_goal?, action: { <name>: input } }`.
 * Given the action schemas, the client repairs and validates each action against its own tool.
 */
export interface MacroToolSpec {
  actions: Record<string, ToolInputSchema>;
}

/** Options for one invoke call. */
export interface InvokeOptions {
  /** Force this function; otherwise tool_choice is "required". */
  toolChoiceName?: string;
  /** Called on the raw response body before parsing, to fix provider-specific shapes. */
  normalizeResponse?: (response: any) => any;
  /** Set when the forced tool is a macro tool; enables macro-level repair and per-action validation. */
  macro?: MacroToolSpec;
  /**
   * Streams the reply (SSE, `stream: true`) and calls this with the tool-call arguments received so
   * far. An endpoint that refuses `stream` is asked again without it and remembered.
   */
  onStream?: (text: string) => void;
  /** The last chance (an agent's last step): a reply that cannot be used is not retried; failures to reach the server still are. */
  final?: boolean;
}

/** What invoke resolves to. */
export interface InvokeResult<TResult = unknown> {
  toolCall: { name: string; args: any };
  toolResult: TResult;
  usage: Usage;
  rawResponse?: unknown;
  rawRequest?: unknown;
  /** Repairs applied to the model's reply before validation (empty when it was well-formed). */
  repairs?: RepairNote[];
}
