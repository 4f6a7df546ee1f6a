// Validates an LLMConfig once, at construction, against the option table (config/), and fills in
// its defaults. Every failure is a `config` LLMError that names the offending field.
import { defaultsOf, findMissingOption, findOptionProblem, OPTIONS } from '../config/index.js';
import { buildChatCompletionsURL } from './endpoint.js';
import { LLMError } from './errors.js';
import type { LLMConfig, LLMDebugLogger } from './types.js';

/** An LLMConfig after validation: defaults applied, the endpoint URL built, the logger chosen. */
export interface ResolvedLLMConfig extends LLMConfig {
  maxRetries: number;
  timeout: number;
  retryDelay: number;
  /** The full `/chat/completions` URL derived from baseURL. */
  endpoint: string;
  /** Debug logger, a no-op when debugging is off. */
  log: LLMDebugLogger;
}

function chooseLogger(debug: LLMConfig['debug']): LLMDebugLogger {
  if (typeof debug === 'function') return debug;
  if (debug === true) return (message, detail) => (detail === undefined ? console.debug(`[llm] ${message}`) : console.debug(`[llm] ${message}`, detail));
  return () => {};
}

/** Checks a config and returns it resolved; throws a `config` LLMError naming the bad field. */
export function resolveLLMConfig(config: LLMConfig): ResolvedLLMConfig {
  if (typeof config !== 'object' || !config) {
    throw new LLMError('config', 'LLM config is required: { baseURL, model, apiKey? }.');
  }
  const endpoint = buildChatCompletionsURL(config.baseURL);
  const record = config as unknown as Record<string, unknown>;
  const problem = findMissingOption(record) ?? findOptionProblem(record, OPTIONS, ['llm']);
  if (problem) throw new LLMError('config', problem.message);
  const resolved = { ...config, model: config.model.trim(), endpoint, log: chooseLogger(config.debug) } as ResolvedLLMConfig;
  for (const [name, value] of Object.entries(defaultsOf(['llm']))) (resolved as unknown as Record<string, unknown>)[name] ??= value;
  return resolved;
}
