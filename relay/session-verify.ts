// Asks the site whether a request comes from a signed-in user: the browser's cookies (and its
// Authorization header) go to RELAY_VERIFY_URL, and only a 2xx answer lets the request through.
// Any doubt (timeout, 5xx, unreachable) refuses; nothing is forwarded upstream on a failed check.
import type { IncomingMessage } from 'node:http';
import { describeFetchError, readCappedText } from './fetch-text.js';
import type { Refusal } from './http-io.js';

/** Largest verify answer read, for the user id in it. */
const ANSWER_LIMIT = 16 * 1024;

/** Where and how long to ask. */
export interface SessionVerifyOptions {
  url: string;
  timeoutMs: number;
  /** The request's Origin, passed as X-Relay-Origin. */
  origin: string | undefined;
  /** The client address, passed as X-Forwarded-For. */
  address: string;
}

/** A signed-in user: `subject` when the verify answer named them (`sub`, `user`, `id` or `userId`). */
export interface VerifiedSession {
  subject?: string;
}

/**
 * Sends the request's `Cookie` and `Authorization` headers to the verify URL (GET, no redirects
 * followed). 2xx: signed in. 401, 403 or a redirect (usually to a login page): 401 for the client.
 * Anything else, a network failure or no answer within `timeoutMs`: 503, never a pass.
 */
export async function verifySession(req: IncomingMessage, options: SessionVerifyOptions): Promise<VerifiedSession | Refusal> {
  const cookie = req.headers.cookie;
  const authorization = req.headers.authorization;
  if (!cookie && !authorization) {
    return unauthorized('auth_required', 'This LLM relay needs you to be signed in to the site, and the request carried no session cookie. Sign in and try again.');
  }
  const target = new URL(options.url).host;
  let answer: Response;
  try {
    answer = await fetch(options.url, {
      method: 'GET',
      redirect: 'manual',
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(authorization ? { authorization } : {}),
        'x-forwarded-for': options.address,
        ...(options.origin ? { 'x-relay-origin': options.origin } : {}),
      },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error)?.name === 'TimeoutError';
    const why = timedOut ? `did not answer within ${options.timeoutMs / 1000} s (RELAY_VERIFY_TIMEOUT_SECONDS)` : `could not be reached (${describeFetchError(error)})`;
    return unavailable(`The relay could not check your session: the site's verify endpoint at ${target} ${why}. Nothing was sent to the LLM; try again shortly.`);
  }
  // A body cut short still has its status, which decides.
  const text = await readCappedText(answer, ANSWER_LIMIT).catch(() => '');
  if (answer.ok) return { subject: subjectOf(text) };
  if (answer.status === 401 || answer.status === 403 || (answer.status >= 300 && answer.status < 400)) {
    return unauthorized('auth_invalid', `The site did not recognise your session (its verify endpoint answered ${answer.status}). Sign in again and retry.`);
  }
  return unavailable(`The relay could not check your session: the site's verify endpoint at ${target} answered ${answer.status}. Nothing was sent to the LLM; try again shortly.`);
}

function unauthorized(code: 'auth_required' | 'auth_invalid', message: string): Refusal {
  return { status: 401, code, message, headers: { 'www-authenticate': 'Bearer realm="llm-relay"' }, note: ` ${code}` };
}

function unavailable(message: string): Refusal {
  return { status: 503, code: 'auth_unavailable', message, headers: { 'retry-after': '5' }, warn: message };
}

/** The user id in a verify answer such as `{ "sub": "42" }` or `{ "user": { "id": 42 } }`, if any. */
function subjectOf(text: string): string | undefined {
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const candidates = [body?.sub, body?.user, body?.id, body?.userId, body?.user?.id];
  const found = candidates.find((value) => (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value)));
  return found === undefined ? undefined : String(found).slice(0, 256);
}
