// The one error class of the LLM client: a `kind` says what went wrong and decides `retryable`.
// Aborts are never turned into an LLMError; the caller's AbortError passes through untouched.

/** Every way an LLM call can fail (aborts excepted: they stay the caller's AbortError). */
export type LLMErrorKind =
  | 'network'
  | 'timeout'
  | 'rate_limit'
  | 'server'
  | 'invalid_response'
  | 'no_tool_call'
  | 'invalid_tool_args'
  | 'config'
  | 'auth'
  | 'context_length'
  | 'content_filter';

/** Kinds that a later attempt may fix; the others would fail the same way again. */
export const RETRYABLE_KINDS: ReadonlySet<LLMErrorKind> = new Set<LLMErrorKind>([
  'network',
  'timeout',
  'rate_limit',
  'server',
  'invalid_response',
  'no_tool_call',
  'invalid_tool_args',
]);

/** Extra facts attached to an LLMError. */
export interface LLMErrorDetails {
  /** HTTP status, when the server answered. */
  status?: number;
  /** The parsed reply body (or its text when it was not JSON). */
  rawResponse?: unknown;
  /** The underlying error (fetch failure, zod error, …). */
  rawError?: unknown;
  /** A short note for the model, appended to the messages of the next attempt. */
  note?: string;
  /** How long the server asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
}

/** An LLM call failed; `retryable` follows from `kind`. */
export class LLMError extends Error {
  override name = 'LLMError';
  declare readonly kind: LLMErrorKind;
  declare readonly retryable: boolean;
  declare readonly status?: number;
  declare readonly rawResponse?: unknown;
  declare readonly rawError?: unknown;
  declare readonly note?: string;
  declare readonly retryAfterMs?: number;

  constructor(kind: LLMErrorKind, message: string, { status, rawResponse, rawError, note, retryAfterMs }: LLMErrorDetails = {}) {
    super(message, rawError === undefined ? undefined : { cause: rawError });
    // Every field is an own property, even when undefined.
    Object.assign(this, { kind, retryable: RETRYABLE_KINDS.has(kind), status, rawResponse, rawError, note, retryAfterMs });
  }
}
