// Signed short-lived client tokens: a JWT (HS256) that a site's backend mints for a signed-in user
// and the relay checks before it spends anything: who the client is (`sub`, for budgets), which
// page origin the token is for, and until when. Pure crypto on strings; knows nothing of HTTP.
// @see https://www.rfc-editor.org/rfc/rfc7519 (JWT) and rfc7518 §3.2 (HS256)
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The `aud` claim every relay token carries, so no other JWT signed with the same secret passes. */
export const RELAY_TOKEN_AUDIENCE = 'drop-in-page-agent-relay';
/** Shortest accepted secret, in characters (HS256 wants at least 256 bits). */
export const MIN_TOKEN_SECRET_LENGTH = 32;
/** Clock difference tolerated between the minting backend and the relay. */
const SKEW_SECONDS = 60;
/** Longer Authorization values are not read as tokens. */
const MAX_TOKEN_LENGTH = 4096;
const MAX_SUBJECT_LENGTH = 256;

/** Misuse of {@link mintRelayToken}: a short secret, an empty subject, a malformed origin or lifetime. */
export class RelayTokenError extends Error {
  override name = 'RelayTokenError';
}

/** What a site's backend passes to {@link mintRelayToken}. */
export interface MintRelayTokenOptions {
  /** The relay's RELAY_TOKEN_SECRET (at least 32 characters). */
  secret: string;
  /** The signed-in user, e.g. their id: budgets are kept per subject. */
  subject: string;
  /** The page origin that may use the token (`https://app.example.com`); null for a server client without an Origin. */
  origin: string | null;
  /** Lifetime in seconds (default 600); the relay refuses tokens living longer than RELAY_TOKEN_MAX_TTL_SECONDS. */
  ttlSeconds?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

/**
 * Mints a relay token for a signed-in user. Call it in the site's backend, behind its login, and
 * hand the token to the page, which sends it as `Authorization: Bearer <token>`.
 * @example
 * const token = mintRelayToken({ secret: process.env.RELAY_TOKEN_SECRET, subject: user.id, origin: 'https://app.example.com' });
 */
export function mintRelayToken(options: MintRelayTokenOptions): string {
  const { secret, subject, origin, ttlSeconds = 600 } = options;
  if (typeof secret !== 'string' || secret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new RelayTokenError(`mintRelayToken: the secret must be at least ${MIN_TOKEN_SECRET_LENGTH} characters (the relay's RELAY_TOKEN_SECRET).`);
  }
  if (typeof subject !== 'string' || subject === '' || subject.length > MAX_SUBJECT_LENGTH) {
    throw new RelayTokenError(`mintRelayToken: subject must be a non-empty string of at most ${MAX_SUBJECT_LENGTH} characters (the user's id).`);
  }
  if (origin !== null && (typeof origin !== 'string' || !isOrigin(origin))) {
    throw new RelayTokenError(`mintRelayToken: origin must be a page origin such as https://app.example.com, or null.`);
  }
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new RelayTokenError('mintRelayToken: ttlSeconds must be a whole number of at least 1.');
  const iat = Math.floor((options.now ?? Date.now)() / 1000);
  const payload: Record<string, unknown> = { aud: RELAY_TOKEN_AUDIENCE, sub: subject, iat, exp: iat + ttlSeconds };
  if (origin !== null) payload.origin = origin;
  const signed = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${signed}.${sign(signed, secret).toString('base64url')}`;
}

/** Why a token was refused; `expired` and `origin` are refusals of a genuine token. */
export type TokenProblem = 'malformed' | 'signature' | 'audience' | 'expired' | 'not_yet_valid' | 'lifetime' | 'origin';

/** The check's answer: the token's subject, or what is wrong in words a user can act on. */
export type TokenCheck = { ok: true; subject: string; expiresAt: number } | { ok: false; problem: TokenProblem; message: string };

/** What the relay checks a token against. */
export interface VerifyRelayTokenOptions {
  /** Accepted secrets: the current one first, then a previous one during a rotation. */
  secrets: readonly string[];
  /** The request's Origin header (undefined when it has none). */
  origin: string | undefined;
  /** Longest lifetime accepted (exp − now), in seconds. */
  maxTtlSeconds: number;
  now?: () => number;
}

/** Checks a relay token: HS256 signature, audience, expiry, lifetime and origin. */
export function verifyRelayToken(token: string, options: VerifyRelayTokenOptions): TokenCheck {
  const fail = (problem: TokenProblem, message: string): TokenCheck => ({ ok: false, problem, message });
  const parts = token.length <= MAX_TOKEN_LENGTH ? token.split('.') : [];
  if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) {
    return fail('malformed', 'The Authorization header does not hold a relay token (a JWT signed with HS256).');
  }
  const header = decode(parts[0]!);
  if (header?.alg !== 'HS256') return fail('malformed', 'The relay token must be signed with HS256.');
  const signed = `${parts[0]}.${parts[1]}`;
  const given = Buffer.from(parts[2]!, 'base64url');
  const matches = options.secrets.some((secret) => {
    const expected = sign(signed, secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!matches) return fail('signature', "The relay token is not signed with this relay's secret (RELAY_TOKEN_SECRET): it was forged or minted for another relay.");
  const claims = decode(parts[1]!);
  if (!claims || claims.aud !== RELAY_TOKEN_AUDIENCE) return fail('audience', `The token is not a relay token (its audience is not "${RELAY_TOKEN_AUDIENCE}").`);
  const now = (options.now ?? Date.now)() / 1000;
  const { exp, nbf, iat, sub, origin } = claims;
  if (typeof exp !== 'number') return fail('malformed', 'The relay token has no expiry (exp).');
  if (now > exp + SKEW_SECONDS) {
    return fail('expired', `The relay token expired at ${new Date(exp * 1000).toISOString()}; the page must get a new one from the site (sign in again if this repeats).`);
  }
  if ((typeof nbf === 'number' && nbf > now + SKEW_SECONDS) || (typeof iat === 'number' && iat > now + SKEW_SECONDS)) {
    return fail('not_yet_valid', "The relay token is not valid yet: the clocks of the site's server and the relay disagree.");
  }
  if (exp - now > options.maxTtlSeconds + SKEW_SECONDS) {
    return fail('lifetime', `The relay token is valid for ${Math.round(exp - now)} s, longer than this relay accepts (RELAY_TOKEN_MAX_TTL_SECONDS=${options.maxTtlSeconds}).`);
  }
  if (typeof sub !== 'string' || sub === '' || sub.length > MAX_SUBJECT_LENGTH) return fail('malformed', 'The relay token names no user (sub).');
  if (origin !== undefined && origin !== options.origin) {
    return fail('origin', `The relay token was issued for ${String(origin).slice(0, 100)}, not for ${options.origin ? options.origin.slice(0, 100) : 'a request without an Origin'}.`);
  }
  return { ok: true, subject: sub, expiresAt: exp * 1000 };
}

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(part: string): Record<string, any> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.origin !== 'null' && url.origin === value;
  } catch {
    return false;
  }
}
