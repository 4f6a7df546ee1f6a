// Small node:http helpers for the relay: OpenAI-shaped JSON errors and a size-capped body reader.
// Knows nothing of the upstream or of the relay's policies.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Codes the relay answers with, in OpenAI's `{ error: { message, type, code } }` shape. */
export type RelayErrorCode =
  | 'relay_not_configured'
  | 'origin_not_allowed'
  | 'origin_required'
  | 'misdirected_host'
  | 'body_timeout'
  | 'model_not_allowed'
  | 'body_too_large'
  | 'invalid_json'
  | 'invalid_field'
  | 'rate_limited'
  | 'upstream_timeout'
  | 'upstream_unreachable'
  | 'upstream_auth'
  | 'not_found'
  | 'method_not_allowed'
  | 'internal_error';

/** A request the relay answers with an error instead of forwarding it. */
export interface Refusal {
  status: number;
  code: RelayErrorCode;
  /** Shown to the user (the panel displays it); never holds the key. */
  message: string;
  /** Headers besides the CORS ones, e.g. `retry-after`. */
  headers?: Record<string, string>;
  /** Fields beside `error` in the body. */
  extra?: Record<string, unknown>;
  /** A warning for the operator's log. */
  warn?: string;
  /** A short note for the request's log line. */
  note?: string;
}

/** Writes a JSON error unless the response has started; extra fields go beside `error`. */
export function sendRelayError(
  res: ServerResponse,
  status: number,
  code: RelayErrorCode,
  message: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: { message, type: 'relay_error', code }, ...extra });
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

/** Writes a JSON body with a status. */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

/** The outcome of reading a body under a cap and a deadline. */
export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'timeout' | 'aborted' };

/**
 * Reads the request body, refusing it as soon as it exceeds `limit` bytes (by Content-Length when
 * declared, otherwise while it streams in) or takes longer than `timeoutMs` in all (a slow-body
 * client holding the connection). A refused body is drained so the client can read the answer.
 */
export function readBody(req: IncomingMessage, limit: number, timeoutMs = 0): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve({ ok: false, reason: 'too_large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const timer = timeoutMs > 0 ? setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs) : undefined;
    const finish = (result: BodyResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (!result.ok) chunks.length = 0;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) return finish({ ok: false, reason: 'too_large' });
      chunks.push(chunk);
    });
    req.on('end', () => finish({ ok: true, body: Buffer.concat(chunks) }));
    req.on('aborted', () => finish({ ok: false, reason: 'aborted' }));
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
  });
}

/** The client address for rate limiting: the socket peer, or the proxy's X-Forwarded-For when trusted. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').map((s) => s.trim());
    // nginx's $proxy_add_x_forwarded_for appends the peer it saw: the last entry is the one to trust.
    const last = list.filter(Boolean).at(-1);
    const real = req.headers['x-real-ip'];
    if (last) return last;
    if (typeof real === 'string' && real) return real;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
