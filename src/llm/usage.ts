// Reads token usage from a chat-completion reply, across the field names providers use.
// OpenAI: prompt/completion/total + prompt_tokens_details.cached_tokens + completion_tokens_details.reasoning_tokens;
// DeepSeek: prompt_cache_hit_tokens; Moonshot: top-level cached_tokens; Anthropic-style gateways:
// input_tokens/output_tokens/cache_read_input_tokens; some servers: reasoning_tokens at top level.
import type { Usage } from './types.js';

/** Token usage before any reply: all zero. */
export const emptyUsage = (): Usage => ({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Usage of one reply; zeros when the provider sent none. */
export function parseUsage(response: unknown): Usage {
  const raw = (response as { usage?: Record<string, any> } | null)?.usage ?? {};
  const promptTokens = num(raw.prompt_tokens) ?? num(raw.input_tokens) ?? 0;
  const completionTokens = num(raw.completion_tokens) ?? num(raw.output_tokens) ?? 0;
  const usage: Usage = {
    promptTokens,
    completionTokens,
    totalTokens: num(raw.total_tokens) ?? promptTokens + completionTokens,
  };
  const cached =
    num(raw.prompt_tokens_details?.cached_tokens) ??
    num(raw.input_tokens_details?.cached_tokens) ??
    num(raw.prompt_cache_hit_tokens) ??
    num(raw.cached_tokens) ??
    num(raw.cache_read_input_tokens);
  const reasoning =
    num(raw.completion_tokens_details?.reasoning_tokens) ?? num(raw.output_tokens_details?.reasoning_tokens) ?? num(raw.reasoning_tokens);
  if (cached !== undefined) usage.cachedTokens = cached;
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return usage;
}

/** Adds two usages field by field (optional fields stay absent when both are). */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum = {} as Usage;
  for (const key of ['promptTokens', 'completionTokens', 'totalTokens', 'cachedTokens', 'reasoningTokens'] as const) {
    if (a[key] !== undefined || b[key] !== undefined) sum[key] = (a[key] ?? 0) + (b[key] ?? 0);
  }
  return sum;
}
