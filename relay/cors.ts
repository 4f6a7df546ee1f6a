// Origin policy and CORS headers: which browser origins may call the relay, and the headers that
// tell the browser so. Whether a request without an Origin may spend is the handler's decision.
import type { IncomingMessage } from 'node:http';
import { requestHost } from './host-check.js';

/** Whether a request's origin may use the relay, and the CORS headers to answer with. */
export interface OriginVerdict {
  allowed: boolean;
  /** The Origin header, when the request had one. */
  origin?: string;
  /** CORS headers for the response (empty when refused or when there is no Origin). */
  headers: Record<string, string>;
}

const ALLOWED_METHODS = 'POST, GET, OPTIONS';
/** Only header names made of token characters are echoed back in a preflight answer. */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

/**
 * Checks the request's Origin against the allowlist. The relay's own origin (same host, as seen
 * directly or through a trusted proxy) is always allowed.
 */
export function checkOrigin(req: IncomingMessage, allowed: string[] | '*', trustProxy: boolean): OriginVerdict {
  const origin = req.headers.origin;
  if (origin === undefined) return { allowed: true, headers: {} };
  const ok = allowed === '*' || allowed.includes(origin) || isSameHost(origin, req, trustProxy);
  if (!ok) return { allowed: false, origin, headers: { vary: 'Origin' } };
  return {
    allowed: true,
    origin,
    headers: { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': 'retry-after, x-relay-model, x-relay-capped, x-relay-dropped' },
  };
}

/** Headers for a preflight answer to an allowed origin. */
export function preflightHeaders(req: IncomingMessage, verdict: OriginVerdict): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  const allowHeaders = requested && HEADER_LIST.test(requested) ? requested : 'authorization, content-type';
  return {
    ...verdict.headers,
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': allowHeaders,
    'access-control-max-age': '600',
    vary: 'Origin, Access-Control-Request-Headers',
  };
}

function isSameHost(origin: string, req: IncomingMessage, trustProxy: boolean): boolean {
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host = requestHost(req, trustProxy);
  return host !== undefined && host.toLowerCase() === originHost.toLowerCase();
}
