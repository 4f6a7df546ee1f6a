// Who is calling: a relay token (RELAY_TOKEN_SECRET), the site's session (RELAY_VERIFY_URL), or,
// with neither configured, the client's address. The identity keys the per-client budget.
import type { IncomingMessage } from 'node:http';
import type { RelayConfig } from './config.js';
import type { Refusal } from './http-io.js';
import { verifyRelayToken, type TokenProblem } from './relay-token.js';
import { verifySession } from './session-verify.js';

/** An authenticated (or, without authentication, addressed) client. */
export interface ClientIdentity {
  /** `user:<subject>` for tokens and named sessions, `ip:<address>` otherwise. */
  client: string;
  via: 'token' | 'session' | 'address';
}

/** Authenticates one request; a Refusal when it may not spend. */
export type ClientAuth = (req: IncomingMessage, origin: string | undefined, address: string) => Promise<ClientIdentity | Refusal>;

/** Token problems that say the bearer is not our token at all, so the site's session may still vouch for it. */
const NOT_OURS: readonly TokenProblem[] = ['malformed', 'signature', 'audience'];

/**
 * Builds the authentication step. With a token secret, a valid `Authorization: Bearer` relay
 * token passes; an expired one, or one for another origin, is refused. With a verify URL too, a
 * request whose bearer is not a relay token (or that has none) is checked with the site instead.
 */
export function createClientAuth(auth: RelayConfig['auth'], now?: () => number): ClientAuth {
  const usesTokens = auth.tokenSecrets.length > 0;
  return async (req, origin, address) => {
    if (!usesTokens && !auth.verifyURL) return { client: `ip:${address}`, via: 'address' };
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (usesTokens && bearer) {
      const check = verifyRelayToken(bearer, { secrets: auth.tokenSecrets, origin, maxTtlSeconds: auth.tokenMaxTtlSeconds, now });
      if (check.ok) return { client: `user:${check.subject}`, via: 'token' };
      if (!auth.verifyURL || !NOT_OURS.includes(check.problem)) {
        return {
          status: 401,
          code: check.problem === 'expired' ? 'auth_expired' : 'auth_invalid',
          message: check.message,
          headers: { 'www-authenticate': 'Bearer realm="llm-relay", error="invalid_token"' },
          note: ` token ${check.problem}`,
        };
      }
    }
    if (auth.verifyURL) {
      const session = await verifySession(req, { url: auth.verifyURL, timeoutMs: auth.verifyTimeoutMs, origin, address });
      if ('status' in session) return session;
      return { client: session.subject ? `user:${session.subject}` : `ip:${address}`, via: 'session' };
    }
    return {
      status: 401,
      code: 'auth_required',
      message:
        "This LLM relay needs a sign-in token (Authorization: Bearer …) that the site's backend issues to signed-in users. Sign in to the site and reload the page.",
      headers: { 'www-authenticate': 'Bearer realm="llm-relay"' },
      note: ' token missing',
    };
  };
}
