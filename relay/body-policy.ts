// What of a chat request body the relay lets through: caps on output tokens and `n`, and only the
// top-level fields that shape an answer without changing what it costs or where it is stored.
// Pure: a body in, the body to forward (or a refusal) out.

/** The body limits from the configuration. */
export interface BodyPolicy {
  /** Cap on `max_tokens` / `max_completion_tokens`, inserted when the client sends neither; 0 turns it off. */
  maxTokens: number;
  /** Cap on `n` (answers per request). */
  maxN: number;
  /** Top-level fields allowed besides {@link FORWARDED_FIELDS}; `'*'` forwards every field. */
  extraFields: string[] | '*';
}

/**
 * Top-level fields forwarded by default: OpenAI's chat-completion parameters that neither buy
 * extra services (audio, web search, priority tiers) nor store data at the provider (`store`,
 * `metadata`), plus the thinking switches the client's model quirks send and common sampling knobs.
 */
export const FORWARDED_FIELDS: readonly string[] = [
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'functions',
  'function_call',
  'stream',
  'stream_options',
  'max_tokens',
  'max_completion_tokens',
  'n',
  'temperature',
  'top_p',
  'top_k',
  'min_p',
  'repetition_penalty',
  'presence_penalty',
  'frequency_penalty',
  'stop',
  'seed',
  'response_format',
  'logprobs',
  'top_logprobs',
  'logit_bias',
  'user',
  'safety_identifier',
  'prompt_cache_key',
  'reasoning_effort',
  'verbosity',
  'enable_thinking',
  'thinking',
  'chat_template_kwargs',
];

/** The policy's answer: the body to forward and what was changed, or why it is refused. */
export type BodyDecision =
  | { ok: true; body: Record<string, unknown>; capped: string[]; dropped: string[] }
  | { ok: false; field: string; message: string };

const TOKEN_FIELDS = ['max_tokens', 'max_completion_tokens'] as const;

/**
 * Applies the caps and the field allowlist to a parsed body (not changed in place). `model` and
 * `baseURL` choose the field to insert when the client set no output cap.
 */
export function applyBodyPolicy(input: Record<string, unknown>, policy: BodyPolicy, model: string, baseURL: string): BodyDecision {
  const body: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (policy.extraFields === '*' || FORWARDED_FIELDS.includes(field) || policy.extraFields.includes(field)) body[field] = value;
    else dropped.push(field);
  }
  const capped: string[] = [];
  const caps: Array<[string, number]> = [...TOKEN_FIELDS.map((f): [string, number] => [f, policy.maxTokens]), ['n', policy.maxN]];
  for (const [field, cap] of caps) {
    if (body[field] === null && field !== 'n') delete body[field]; // null means "the model's maximum": the cap applies
    if (body[field] === undefined || body[field] === null) continue;
    const value = body[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      return { ok: false, field, message: `The request's ${field} must be a whole number of at least 1, got ${JSON.stringify(value)?.slice(0, 40)}.` };
    }
    if (cap > 0 && value > cap) {
      body[field] = cap;
      capped.push(`${field}=${cap}`);
    }
  }
  if (policy.maxTokens > 0 && TOKEN_FIELDS.every((f) => body[f] === undefined)) {
    body[outputTokenField(model, baseURL)] = policy.maxTokens;
  }
  return { ok: true, body, capped, dropped };
}

/**
 * The output-cap field an upstream understands: OpenAI's own API and its reasoning models (o1,
 * o3, o4, GPT-5) take only `max_completion_tokens`; other OpenAI-compatible servers `max_tokens`.
 */
export function outputTokenField(model: string, baseURL: string): 'max_tokens' | 'max_completion_tokens' {
  const name = model.toLowerCase().slice(model.lastIndexOf('/') + 1);
  if (/^(o\d|gpt-5)/.test(name)) return 'max_completion_tokens';
  try {
    if (new URL(baseURL).hostname === 'api.openai.com') return 'max_completion_tokens';
  } catch {
    // baseURL is validated at start-up; an unreadable one simply gets the common field
  }
  return 'max_tokens';
}
