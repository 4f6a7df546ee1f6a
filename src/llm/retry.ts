// Retry policy of the client: which failures get another attempt, how long to wait (exponential
// backoff with jitter, or the server's Retry-After). Knows no HTTP.
import { isAbortError, sleep } from '../base/index.js';
import { LLMError } from './errors.js';

const MAX_BACKOFF_MS = 10_000;

/** Settings of {@link withRetry}. */
export interface RetryOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Base delay in ms: attempt n waits about base × 2^(n-1), jittered, capped at 10 s. */
  baseDelay: number;
  signal?: AbortSignal;
  /** Called before each retry's sleep with the 1-based retry number and the error that caused it. */
  onRetry?: (attempt: number, error: LLMError, delayMs: number) => void;
  /** Source of randomness in [0, 1), replaceable in tests. */
  random?: () => number;
}

/** The wait before retry number `attempt` (1-based): Retry-After when the server gave one, else jittered backoff. */
export function retryDelay(attempt: number, error: LLMError, baseDelay: number, random: () => number = Math.random): number {
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  const ceiling = Math.min(MAX_BACKOFF_MS, baseDelay * 2 ** (attempt - 1));
  // "Equal jitter": half fixed, half random, so retries spread out but never fire at once.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Runs `attempt` until it succeeds, a non-retryable error occurs or retries run out.
 * Aborts are rethrown untouched and never retried; errors that are not LLMErrors are not retried either.
 * `attempt` receives the previous failure so it can tell the model what was wrong.
 */
export async function withRetry<T>(attempt: (previous: LLMError | undefined) => Promise<T>, options: RetryOptions): Promise<T> {
  let previous: LLMError | undefined;
  for (let retry = 0; ; retry++) {
    options.signal?.throwIfAborted();
    try {
      return await attempt(previous);
    } catch (error) {
      if (isAbortError(error) || options.signal?.aborted) throw options.signal?.aborted ? options.signal.reason : error;
      if (!(error instanceof LLMError) || !error.retryable || retry >= options.maxRetries) throw error;
      previous = error;
      const delay = retryDelay(retry + 1, error, options.baseDelay, options.random);
      options.onRetry?.(retry + 1, error, delay);
      await sleep(delay, options.signal);
    }
  }
}
