// Sends one chat-completion request upstream with the server-side key and pipes the answer back,
// streaming chunk by chunk; turns upstream silence into 504 and unreachable upstreams into 502.
import type { ServerResponse } from 'node:http';
import { createStreamScrubber, scrubText } from './key-scrubber.js';
import { describeFetchError, readCappedText } from './fetch-text.js';
import { sendRelayError } from './http-io.js';

/** Upstream response headers worth passing to the browser. */
const PASSED_HEADERS = ['content-type', 'cache-control', 'retry-after', 'x-request-id', 'openai-processing-ms'];
const PASSED_PREFIXES = ['x-ratelimit-'];
/** Upstream error bodies are read up to this size; they are scrubbed before they are sent on. */
const ERROR_BODY_LIMIT = 64 * 1024;

/** What the forwarder needs to know. */
export interface ForwardOptions {
  baseURL: string;
  apiKey?: string;
  timeoutMs: number;
  /** The JSON body to send (model already decided). */
  body: Record<string, unknown>;
  /** CORS and other headers to add to the answer. */
  headers: Record<string, string>;
  /** Aborts the upstream request (the browser went away). */
  signal: AbortSignal;
  /** Sees every chunk of a successful answer as it passes (the usage meter). */
  onChunk?: (chunk: Uint8Array) => void;
}

/** Forwards the request and answers `res`; resolves to the status sent (0 when the stream broke). */
export async function forwardChatCompletion(res: ServerResponse, options: ForwardOptions): Promise<number> {
  const { apiKey, timeoutMs } = options;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The timeout measures silence: it restarts when the headers arrive and with every chunk.
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  restartTimer();
  const onClientGone = () => controller.abort();
  options.signal.addEventListener('abort', onClientGone, { once: true });

  try {
    let upstream: Response;
    try {
      upstream = await fetch(`${options.baseURL}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: options.body.stream === true ? 'text/event-stream' : 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (error) {
      if (options.signal.aborted) return 0;
      if (timedOut) return timeout(res, options);
      const host = new URL(options.baseURL).host;
      const cause = scrubText(describeFetchError(error), apiKey);
      sendRelayError(res, 502, 'upstream_unreachable', `The relay could not reach the LLM at ${host}: ${cause}. Is LLM_BASE_URL right and the server running?`, options.headers);
      return 502;
    }

    restartTimer();
    const passed = pickHeaders(upstream.headers);
    if (!upstream.ok) return await relayUpstreamError(res, upstream, passed, options);

    res.writeHead(upstream.status, {
      ...passed,
      ...options.headers,
      // nginx buffers proxied responses by default; this header turns that off for this response.
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    const scrubber = createStreamScrubber(apiKey);
    if (upstream.body) {
      for await (const chunk of upstream.body as unknown as AsyncIterable<Uint8Array>) {
        restartTimer();
        options.onChunk?.(chunk);
        const safe = scrubber.push(chunk);
        if (safe.byteLength) res.write(safe);
      }
    }
    res.end(scrubber.flush());
    return upstream.status;
  } catch {
    // The stream broke after the headers were sent (upstream dropped, went silent, or the client left).
    if (!res.headersSent && timedOut) return timeout(res, options);
    res.destroy();
    return 0;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onClientGone);
  }
}

function timeout(res: ServerResponse, options: ForwardOptions): number {
  const ms = options.timeoutMs;
  const limit = ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
  sendRelayError(
    res,
    504,
    'upstream_timeout',
    `The LLM upstream did not answer within ${limit} (the relay's RELAY_TIMEOUT_SECONDS).`,
    options.headers,
  );
  return 504;
}

async function relayUpstreamError(
  res: ServerResponse,
  upstream: Response,
  passed: Record<string, string>,
  options: ForwardOptions,
): Promise<number> {
  const text = scrubText(await readCappedText(upstream, ERROR_BODY_LIMIT), options.apiKey);
  if (upstream.status === 401 || upstream.status === 403) {
    const detail = upstreamMessage(text);
    sendRelayError(
      res,
      upstream.status,
      'upstream_auth',
      `The LLM upstream refused the relay's key (LLM_API_KEY on the server)${detail ? `: ${detail}` : '.'}`,
      { ...pickRetryAfter(passed), ...options.headers },
    );
    return upstream.status;
  }
  res.writeHead(upstream.status, { ...passed, ...options.headers });
  res.end(text);
  return upstream.status;
}

function upstreamMessage(text: string): string {
  try {
    const parsed = JSON.parse(text);
    const message = parsed?.error?.message ?? parsed?.message;
    if (typeof message === 'string') return message.slice(0, 500);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
}

function pickHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (PASSED_HEADERS.includes(name) || PASSED_PREFIXES.some((p) => name.startsWith(p))) out[name] = value;
  });
  return out;
}

function pickRetryAfter(headers: Record<string, string>): Record<string, string> {
  return headers['retry-after'] ? { 'retry-after': headers['retry-after'] } : {};
}
