// One HTTP round trip to /chat/completions: headers, per-request timeout, abort pass-through,
// body decoding (JSON or SSE) and HTTP error classification. No retries, no reply repair.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import { completionFromSSE } from './sse.js';
import { clearTimer, isAbortError, messageOf, raceAbort, setTimer } from '../base/index.js';
import { LLMError } from './errors.js';
import { classifyHttpError, quoteBody } from './http-errors.js';

/** What one request needs. */
export interface SendRequestInput {
  url: string;
  body: Record<string, unknown>;
  model: string;
  apiKey?: string;
  headers?: Record<string, string>;
  /** Falls back to `globalThis.fetch`, read at call time so tests and pages may replace it. */
  customFetch?: typeof globalThis.fetch;
  timeout: number;
  signal?: AbortSignal;
  /** Called as a streamed (SSE) reply arrives, with the text of its tool-call arguments (or content) so far. */
  onStream?: (text: string) => void;
}

/** The decoded reply of a successful request. */
export interface SendRequestResult {
  status: number;
  json: unknown;
}

function decode(text: string, contentType: string): unknown {
  if (/event-stream/i.test(contentType) || /^\s*data:/.test(text)) {
    const folded = completionFromSSE(text);
    if (folded) return folded;
  }
  // An empty or blank body fails to parse too.
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one request; resolves to the decoded JSON or throws an LLMError (aborts pass through untouched). */
export async function sendRequest(input: SendRequestInput): Promise<SendRequestResult> {
  input.signal?.throwIfAborted();
  const fetchImpl = input.customFetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new LLMError('config', 'No fetch is available in this environment; pass `customFetch`.');
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimer(() => {
    timedOut = true;
    controller.abort();
  }, input.timeout);
  const forwardAbort = () => controller.abort(input.signal?.reason);
  input.signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let text: string;
  const cspBlocked = watchCspBlock(input.url);
  try {
    const init: RequestInit = { method: 'POST', headers: { 'Content-Type': 'application/json', ...(input.apiKey && { Authorization: `Bearer ${input.apiKey}` }), ...input.headers }, body: JSON.stringify(input.body), signal: controller.signal };
    const exchange = (async () => {
      const res = input.customFetch ? await input.customFetch(input.url, init) : await globalThis.fetch(input.url, init);
      const reader = input.onStream && /event-stream/i.test(res.headers.get('content-type') ?? '') && res.body?.getReader();
      return { res, body: reader ? await readStream(reader, input.onStream!) : await res.text() };
    })();
    ({ res: response, body: text } = await raceAbort(exchange, controller.signal));
  } catch (error) {
    if (input.signal?.aborted) throw input.signal.reason;
    if (timedOut) {
      const limit = input.timeout < 1000 ? `${input.timeout} ms` : `${Math.round(input.timeout / 1000)} s`;
      throw new LLMError('timeout', `The LLM server did not answer within ${limit} (\`timeout\`).`, { rawError: error });
    }
    if (isAbortError(error)) throw error;
    const reason = messageOf(error);
    if (await cspBlocked()) {
      // Another attempt would be blocked the same way: a config error, not a retryable network one.
      throw new LLMError('config', `The page's Content-Security-Policy (connect-src) blocks requests to ${input.url}; use an endpoint the policy allows (a relay proxy on this site).`, { rawError: error });
    }
    throw new LLMError(
      'network',
      `Could not reach the LLM server at ${input.url} (${reason}). Check the network, \`baseURL\`, and that the server allows this page's origin (CORS).`,
      { rawError: error },
    );
  } finally {
    void cspBlocked();
    clearTimer(timer);
    input.signal?.removeEventListener('abort', forwardAbort);
  }

  const contentType = response.headers.get('content-type') ?? '';
  const json = decode(text, contentType);
  if (!response.ok) throw classifyHttpError(response.status, response.headers, text, json, input);
  if (json === undefined) {
    const shown = text.trim() === '' ? 'an empty body' : `"${quoteBody(text)}"`;
    throw new LLMError('invalid_response', `Expected JSON from ${input.url} but got ${contentType || 'no content type'}: ${shown}`, {
      status: response.status,
      rawResponse: text,
    });
  }
  const embedded = (json as { error?: { code?: unknown } } | null)?.error;
  if (embedded && typeof embedded === 'object' && !('choices' in (json as object))) {
    // Some gateways answer 200 with an error object (often relaying the upstream status as `code`).
    const code = Number(embedded.code);
    const status = Number.isInteger(code) && code >= 400 && code < 600 ? code : 502;
    throw classifyHttpError(status, response.headers, text, json, input);
  }
  return { status: response.status, json };
}

/**
 * Reads an SSE body as it arrives and returns all of it. After each network chunk, `onStream` gets the
 * tool-call arguments (or content) folded so far; past 50,000 characters it is no longer called, so a
 * long reply in many small chunks is not folded again and again.
 */
async function readStream(reader: ReadableStreamDefaultReader<Uint8Array>, onStream: (text: string) => void): Promise<string> {
  const decoder = new TextDecoder();
  let body = '';
  for (let chunk; !(chunk = await reader.read()).done; ) {
    body += decoder.decode(chunk.value, { stream: true });
    const message = body.length < 5e4 && (completionFromSSE(body)?.choices as any)?.[0].message;
    if (message) onStream(message.tool_calls?.[0].function.arguments ?? message.content ?? '');
  }
  return body + decoder.decode();
}

type ViolationTarget = { addEventListener?: (type: string, listener: (event: { blockedURI?: string }) => void, capture: boolean) => void; removeEventListener?: (type: string, listener: (event: { blockedURI?: string }) => void, capture: boolean) => void };

/**
 * Watches for the page's CSP blocking a request to `url` (a `securitypolicyviolation` event, which
 * reaches the window from the document). The returned check stops watching and resolves, one task
 * later (the event may follow the failed fetch), whether a block was seen. Outside a browser: false.
 */
function watchCspBlock(url: string): () => Promise<boolean> {
  const target = globalThis as ViolationTarget;
  let origin: string;
  try {
    origin = new URL(url, (globalThis as { location?: { href: string } }).location?.href).origin;
  } catch {
    return async () => false;
  }
  if (!target.addEventListener || !target.removeEventListener) return async () => false;
  let blocked = false;
  let watching = true;
  const listener = (event: { blockedURI?: string }) => {
    try {
      if (new URL(String(event.blockedURI)).origin === origin) blocked = true;
    } catch {
      // 'inline', 'eval' and the like are other violations
    }
  };
  target.addEventListener('securitypolicyviolation', listener, true);
  return async () => {
    if (watching) {
      watching = false;
      await new Promise<void>((settle) => setTimer(settle, 0));
      target.removeEventListener!('securitypolicyviolation', listener, true);
    }
    return blocked;
  };
}
