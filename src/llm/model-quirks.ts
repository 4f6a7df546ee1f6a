// The model-quirk table: request changes that specific models or local servers need, keyed by the
// normalised model name (or, for local servers, by where baseURL points). Pure data + lookups.
// Rows only add or relax; `transformRequestBody` runs afterwards, so the user always has the last word.

/** How a quirk wants `tool_choice` sent: the named function, "required", "auto", or not at all. */
export type ToolChoiceMode = 'named' | 'required' | 'auto' | 'omit';

/** Facts about the endpoint a quirk may look at. */
export interface EndpointInfo {
  hostname: string;
  port: string;
}

/** What one row changes in the request body for a model. */
export interface QuirkChanges {
  /** How to send tool_choice (default: named); a row never asks for a named choice itself. */
  toolChoice?: Exclude<ToolChoiceMode, 'named'>;
  /** Body fields to delete first (`temperature`, or `parallel_tool_calls` for servers that reject the field itself). */
  remove?: string[];
  /** Body fields to set then, only where the body does not already have them. */
  body?: Record<string, unknown>;
}

/** One row of the quirk table. */
export interface ModelQuirk {
  /** Stable id, shown in debug logs. */
  id: string;
  /** Whether the row applies to this normalised model name and endpoint. */
  matches(model: string, endpoint: EndpointInfo): boolean;
  /** The row's changes for this normalised model name (fresh objects each call: transformRequestBody may mutate them). */
  changes(model: string): QuirkChanges;
}

// Hostnames as URL parsing gives them for http(s): lower case, IPv6 in brackets.
const isLoopbackOrLan = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(hostname) || hostname.endsWith('.local');

/** The table, checked top to bottom; every matching row applies, later rows win on tool_choice. */
export const MODEL_QUIRKS: readonly ModelQuirk[] = [
  // Qwen3 thinks by default on DashScope and hybrid hosts, and DashScope refuses a forced tool_choice while thinking.
  { id: 'qwen', matches: (m) => /(^|-)(qwen|qwq)/.test(m), changes: () => ({ body: { enable_thinking: false } }) },
  // DeepSeek V4 thinks by default and then rejects forced tool_choice; deepseek-reasoner/R1 always think, so none may be sent.
  {
    id: 'deepseek',
    matches: (m) => /(^|-)deepseek/.test(m),
    changes: (m) => (/reasoner|(^|-)r1($|-)/.test(m) ? { toolChoice: 'omit' } : { body: { thinking: { type: 'disabled' } } }),
  },
  // GPT-5 reasons by default (slow for one action per step) and, like every reasoning model, rejects a custom temperature.
  {
    id: 'gpt-5',
    matches: (m) => /^gpt-5/.test(m) && !/chat/.test(m),
    changes: (m) => ({ remove: ['temperature'], body: { reasoning_effort: /^gpt-5($|-(mini|nano|pro|codex|\d{4}))/.test(m) ? 'minimal' : 'none' } }),
  },
  // o1/o3/o4 reasoning models reject temperature and the parallel_tool_calls field itself ("unsupported_parameter").
  { id: 'o-series', matches: (m) => /^o\d($|-)/.test(m), changes: () => ({ remove: ['parallel_tool_calls', 'temperature'], body: { reasoning_effort: 'low' } }) },
  // Claude through OpenAI-compatible gateways: forced tool use is refused while extended thinking is on (thinking variants).
  { id: 'claude', matches: (m) => /(^|-)claude/.test(m), changes: (m) => (/thinking/.test(m) ? { toolChoice: 'auto' } : {}) },
  // Gemini's OpenAI-compatible endpoint rejects parallel_tool_calls and thinks by default; Flash can turn it off, Pro only lower it.
  {
    id: 'gemini',
    matches: (m) => /(^|-)gemini/.test(m),
    changes: (m) => ({ remove: ['parallel_tool_calls'], body: { reasoning_effort: /^gemini-2-5-flash/.test(m) ? 'none' : 'low' } }),
  },
  // Zhipu's GLM API accepts only tool_choice "auto", and GLM-4.5+ thinks unless told not to.
  { id: 'glm', matches: (m) => /(^|-)glm/.test(m), changes: () => ({ toolChoice: 'auto', body: { thinking: { type: 'disabled' } } }) },
  // Kimi K2.x thinks by default and then rejects forced tool_choice; K3 forces only with "required" and rejects parallel_tool_calls.
  {
    id: 'kimi',
    matches: (m) => /(^|-)(kimi|moonshot)/.test(m),
    changes: (m) => (/kimi-k3/.test(m) ? { toolChoice: 'required', remove: ['parallel_tool_calls'] } : { body: { thinking: { type: 'disabled' } } }),
  },
  // Ollama (port 11434) takes no named tool_choice and thinks by default unless reasoning_effort is "none" (gpt-oss cannot stop).
  {
    id: 'ollama',
    matches: (_m, e) => e.port === '11434' || /(^|\.)ollama(\.|$)/.test(e.hostname),
    changes: (m) => ({ toolChoice: 'required', body: { reasoning_effort: /gpt-oss/.test(m) ? 'low' : 'none' } }),
  },
  // LM Studio (port 1234) answers a named tool_choice with 400 "Supported string values: none, auto, required".
  { id: 'lm-studio', matches: (_m, e) => e.port === '1234' && isLoopbackOrLan(e.hostname), changes: () => ({ toolChoice: 'required' }) },
  // vLLM (local port 8000) honours a named tool_choice through guided decoding; hybrid models switch thinking off via chat_template_kwargs.
  {
    id: 'vllm',
    matches: (_m, e) => (e.port === '8000' && isLoopbackOrLan(e.hostname)) || /(^|\.)vllm(\.|$)/.test(e.hostname),
    changes: () => ({ body: { chat_template_kwargs: { enable_thinking: false } } }),
  },
];

/**
 * Normalises a model id so spellings of one model match one row: lower case, provider prefix and
 * Ollama `:tag` dropped, dots and underscores as dashes (`openai/GPT-5.1` → `gpt-5-1`).
 */
export function normalizeModelName(model: string): string {
  const name = model.trim().toLowerCase();
  // Keep a `:thinking` style variant visible; drop size tags such as `:8b` or `:latest` (from the first colon on).
  return name
    .slice(name.lastIndexOf('/') + 1)
    .replace(/^([^:]*):(?!thinking|reasoning)[^]*/, '$1')
    .replace(':', '-')
    .replace(/[._\s]+/g, '-');
}

/** Endpoint facts of an http(s) chat-completions URL, host lower-cased by the URL parser (relative URLs have an empty host). */
export function endpointInfo(url: string): EndpointInfo {
  try {
    const parsed = new URL(url);
    return { hostname: parsed.hostname, port: parsed.port };
  } catch {
    return { hostname: '', port: '' };
  }
}

/** Every quirk row that applies to a model served at an endpoint, in table order. */
export function findModelQuirks(model: string, endpointURL: string): ModelQuirk[] {
  const name = normalizeModelName(model);
  const endpoint = endpointInfo(endpointURL);
  return MODEL_QUIRKS.filter((row) => row.matches(name, endpoint));
}
