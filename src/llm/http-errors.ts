// Maps an HTTP error reply (status, headers, body text) to an LLMError with a message a user can act on.
// Knows the error shapes of OpenAI-compatible providers; nothing about requests or retries.
import { LLMError } from './errors.js';

const MAX_RETRY_AFTER_MS = 30_000;
const QUOTE_LENGTH = 200;

/** The first 200 characters of a body, on one line, for error messages. */
export function quoteBody(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_LENGTH ? `${flat.slice(0, QUOTE_LENGTH)}…` : flat;
}

/**
 * Milliseconds to wait from `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, capped at
 * 30 s so one reply cannot park the agent for an hour; undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  // An absent header reads as NaN, which no test below accepts (`date === date` is false only for NaN).
  const ms = Number(headers.get('retry-after-ms') || NaN);
  const value = headers.get('retry-after');
  const seconds = Number(value || NaN);
  const date = Date.parse(value!);
  const wait = ms >= 0 && ms < Infinity ? ms : seconds >= 0 && seconds < Infinity ? seconds * 1000 : value && date === date ? Math.max(0, date - now) : undefined;
  return wait === undefined ? undefined : Math.min(wait, MAX_RETRY_AFTER_MS);
}

/** The `error` object of a provider's error body, whatever its nesting (`{error:{…}}`, `[{error}]`, `{message}`). */
export function errorInfo(body: unknown): { message?: string; code?: string; type?: string } {
  const root = Array.isArray(body) ? body[0] : body;
  if (typeof root !== 'object' || root === null) return {};
  const record = root as Record<string, any>;
  const error = typeof record.error === 'object' && record.error !== null ? record.error : record;
  const isString = (value: unknown): value is string => typeof value === 'string';
  const message = [error.message, record.error, record.detail].find(isString);
  const code = error.code == null ? undefined : String(error.code); // null and undefined alike
  const type = [error.type, error.status].find(isString);
  return { message, code, type };
}

const CONTEXT_LENGTH = /context[_ ]length|context window|maximum context|too many tokens|prompt is too long|input is too long|exceeds? the (model'?s? )?(max|context)|token limit|reduce the length|input length/i;
const CONTENT_FILTER = /content[_ ]?filter|content management policy|data_inspection_failed|inappropriate content|safety (system|policy)|moderation|敏感|不安全/i;
const QUOTA = /insufficient_quota|exceeded your current quota|billing|balance|arrearage|credit/i;

/** Classifies a non-2xx reply; `body` is the parsed JSON or undefined, `text` the raw body. */
export function classifyHttpError(status: number, headers: Headers, text: string, body: unknown, context: { url: string; model: string }): LLMError {
  const { message: providerMessage, code, type } = errorInfo(body);
  const said = providerMessage ? `: ${providerMessage}` : '';
  const facts = `${code ?? ''} ${type ?? ''} ${providerMessage ?? ''}`;
  const details = { status, rawResponse: body ?? text };

  if (status === 401 || status === 403) {
    return new LLMError('auth', `The LLM server refused the API key (HTTP ${status})${said}. Check \`apiKey\` and that it may use model "${context.model}".`, details);
  }
  if (code === 'relay_not_configured') {
    // Our relay proxy without an upstream key: retrying cannot help, the message says what to set.
    return new LLMError('config', providerMessage ?? 'The LLM relay is not configured.', details);
  }
  if (QUOTA.test(facts) && (status === 402 || status === 429)) {
    return new LLMError('auth', `The LLM account has no quota left (HTTP ${status})${said}. Check the plan or balance of the key in \`apiKey\`.`, details);
  }
  if (status === 429) {
    return new LLMError('rate_limit', `Rate limited by the LLM server (HTTP 429)${said}.`, { ...details, retryAfterMs: parseRetryAfter(headers) });
  }
  if (CONTEXT_LENGTH.test(facts) || status === 413) {
    return new LLMError('context_length', `The conversation is too long for model "${context.model}" (HTTP ${status})${said}. Shorten the task or the page content.`, details);
  }
  if (CONTENT_FILTER.test(facts) || code === '1301') {
    // 1301 is Zhipu's code for content its safety system blocked.
    return new LLMError('content_filter', `The provider's content filter blocked the request (HTTP ${status})${said}.`, details);
  }
  if (code === 'tool_use_failed') {
    // Groq and others reject a malformed tool call the model produced: the model's fault, worth another try.
    return new LLMError('invalid_tool_args', `The server could not parse the model's tool call (HTTP ${status})${said}.`, {
      ...details,
      note: 'Your previous tool call could not be parsed. Reply with exactly one tool call whose arguments are valid JSON.',
    });
  }
  if (body === undefined && text.trim() !== '' && status !== 404) {
    return new LLMError('invalid_response', `Expected JSON from ${context.url} but got HTTP ${status} ${headers.get('content-type') ?? 'without a content type'}: "${quoteBody(text)}"`, details);
  }
  if (status === 404) {
    return new LLMError('config', `The LLM server answered 404 at ${context.url}${said}. Check \`baseURL\` (it should end at the API root, e.g. /v1) and \`model\` ("${context.model}").`, details);
  }
  if (status === 408 || status === 504) {
    return new LLMError('timeout', `The LLM server timed out (HTTP ${status})${said}.`, details);
  }
  if (status >= 500 || status === 409 || status === 425) {
    return new LLMError('server', `The LLM server failed (HTTP ${status})${said}.`, { ...details, retryAfterMs: parseRetryAfter(headers) });
  }
  return new LLMError('config', `The LLM server rejected the request (HTTP ${status})${said}. Check \`model\`, the request options and \`transformRequestBody\`.`, details);
}
