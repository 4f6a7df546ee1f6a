// Validates an LLMConfig once, at construction, and fills in defaults.
// Every failure is a `config` LLMError that names the offending field.
import { buildChatCompletionsURL } from './endpoint.js';
import { LLMError } from './errors.js';
import type { LLMConfig, LLMDebugLogger } from './types.js';

/** Defaults of the optional numeric settings. */
export const LLM_DEFAULTS = { maxRetries: 2, timeout: 120_000, retryDelay: 500 } as const;

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

/** `value`, or `fallback` when unset; throws unless it is a number (an integer when `integer`) of at least `min`. */
function checkNumber(field: string, value: unknown, fallback: number, integer = false, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    const expected = integer ? `an integer ≥ ${min}` : `a number ≥ ${min}`;
    throw new LLMError('config', `LLM config: \`${field}\` must be ${expected} (got ${JSON.stringify(value)}).`);
  }
  return value;
}

function chooseLogger(debug: LLMConfig['debug']): LLMDebugLogger {
  if (typeof debug === 'function') return debug;
  if (debug === true) return (message, detail) => (detail === undefined ? console.debug(`[llm] ${message}`) : console.debug(`[llm] ${message}`, detail));
  return () => {};
}

/** Checks a config and returns it resolved; throws a `config` LLMError naming the bad field. */
export function resolveLLMConfig(config: LLMConfig): ResolvedLLMConfig {
  if (typeof config !== 'object' || config === null) {
    throw new LLMError('config', 'LLM config is required: { baseURL, model, apiKey? }.');
  }
  const endpoint = buildChatCompletionsURL(config.baseURL);
  if (typeof config.model !== 'string' || config.model.trim() === '') {
    throw new LLMError('config', 'LLM config: `model` is required and must be a non-empty string, e.g. "gpt-4.1-mini".');
  }
  if (config.apiKey !== undefined && typeof config.apiKey !== 'string') {
    throw new LLMError('config', 'LLM config: `apiKey` must be a string.');
  }
  for (const field of ['transformRequestBody', 'customFetch'] as const) {
    if (config[field] !== undefined && typeof config[field] !== 'function') {
      throw new LLMError('config', `LLM config: \`${field}\` must be a function.`);
    }
  }
  if (config.headers !== undefined && (typeof config.headers !== 'object' || config.headers === null)) {
    throw new LLMError('config', 'LLM config: `headers` must be an object of header names to string values.');
  }
  return {
    ...config,
    model: config.model.trim(),
    maxRetries: checkNumber('maxRetries', config.maxRetries, LLM_DEFAULTS.maxRetries, true),
    timeout: checkNumber('timeout', config.timeout, LLM_DEFAULTS.timeout, false, 1),
    retryDelay: checkNumber('retryDelay', config.retryDelay, LLM_DEFAULTS.retryDelay),
    endpoint,
    log: chooseLogger(config.debug),
  };
}
