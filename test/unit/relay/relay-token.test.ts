// @vitest-environment node
// Relay tokens (#15): minted by a site's backend, checked by the relay: HS256 signature, audience,
// expiry, lifetime, origin; forged, expired, foreign-origin and malformed tokens are refused.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mintRelayToken, RELAY_TOKEN_AUDIENCE, RelayTokenError, verifyRelayToken } from '../../../relay/relay-token.js';

const SECRET = 'a-test-secret-of-more-than-32-characters';
const OTHER = 'another-secret-of-more-than-32-characters';
const ORIGIN = 'https://app.example.com';
const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const at = (ms: number) => () => ms;

const mint = (extra: Partial<Parameters<typeof mintRelayToken>[0]> = {}) =>
  mintRelayToken({ secret: SECRET, subject: 'user-42', origin: ORIGIN, now: at(T0), ...extra });
const verify = (token: string, extra: Partial<Parameters<typeof verifyRelayToken>[1]> = {}) =>
  verifyRelayToken(token, { secrets: [SECRET], origin: ORIGIN, maxTtlSeconds: 3600, now: at(T0 + 1000), ...extra });

/** A token built by hand, as another language's JWT library would: header.payload.signature. */
function handMade(header: object, payload: object, secret = SECRET): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part(header)}.${part(payload)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

describe('mintRelayToken and verifyRelayToken', () => {
  it('round-trips a token for a user and an origin, valid for ten minutes by default', () => {
    const token = mint();
    expect(token.split('.')).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toEqual({ aud: RELAY_TOKEN_AUDIENCE, sub: 'user-42', iat: T0 / 1000, exp: T0 / 1000 + 600, origin: ORIGIN });
    expect(verify(token)).toEqual({ ok: true, subject: 'user-42', expiresAt: T0 + 600_000 });
  });

  it('accepts a standard HS256 JWT made by another library with the same claims', () => {
    const token = handMade({ typ: 'JWT', alg: 'HS256' }, { sub: 'py-user', aud: RELAY_TOKEN_AUDIENCE, exp: T0 / 1000 + 300, origin: ORIGIN });
    expect(verify(token)).toMatchObject({ ok: true, subject: 'py-user' });
  });

  it('refuses an expired token, saying when it expired', () => {
    const token = mint({ ttlSeconds: 60 });
    expect(verify(token, { now: at(T0 + 60_000 + 59_000) }).ok).toBe(true); // within the 60 s clock skew
    expect(verify(token, { now: at(T0 + 200_000) })).toEqual({
      ok: false,
      problem: 'expired',
      message: 'The relay token expired at 2026-11-25T12:01:00.000Z; the page must get a new one from the site (sign in again if this repeats).',
    });
  });

  it('refuses a token signed with another secret, or whose claims were changed after signing', () => {
    expect(verify(mint({ secret: OTHER }))).toMatchObject({ ok: false, problem: 'signature' });
    const [header, , signature] = mint().split('.');
    const forged = Buffer.from(JSON.stringify({ aud: RELAY_TOKEN_AUDIENCE, sub: 'admin', exp: T0 / 1000 + 600, origin: ORIGIN })).toString('base64url');
    expect(verify(`${header}.${forged}.${signature}`)).toEqual({
      ok: false,
      problem: 'signature',
      message: "The relay token is not signed with this relay's secret (RELAY_TOKEN_SECRET): it was forged or minted for another relay.",
    });
  });

  it('refuses unsigned and other-algorithm tokens', () => {
    const claims = { sub: 'x', aud: RELAY_TOKEN_AUDIENCE, exp: T0 / 1000 + 600 };
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(verify(none)).toMatchObject({ ok: false, problem: 'malformed' });
    expect(verify(handMade({ alg: 'HS512' }, claims))).toEqual({ ok: false, problem: 'malformed', message: 'The relay token must be signed with HS256.' });
  });

  it('refuses a token issued for another origin, or a browser-bound token without an Origin', () => {
    expect(verify(mint(), { origin: 'https://evil.example' })).toEqual({
      ok: false,
      problem: 'origin',
      message: 'The relay token was issued for https://app.example.com, not for https://evil.example.',
    });
    expect(verify(mint(), { origin: undefined })).toMatchObject({ ok: false, problem: 'origin', message: expect.stringContaining('not for a request without an Origin') });
    // A token minted with origin null (a server client) is not bound to one.
    expect(verify(mint({ origin: null }), { origin: undefined })).toMatchObject({ ok: true });
  });

  it('refuses JWTs of other audiences signed with the same secret (the site session, say)', () => {
    const session = handMade({ alg: 'HS256' }, { sub: 'user-42', exp: T0 / 1000 + 600 });
    expect(verify(session)).toMatchObject({ ok: false, problem: 'audience' });
  });

  it('refuses a token that lives longer than RELAY_TOKEN_MAX_TTL_SECONDS', () => {
    expect(verify(mint({ ttlSeconds: 86_400 }))).toEqual({
      ok: false,
      problem: 'lifetime',
      message: 'The relay token is valid for 86399 s, longer than this relay accepts (RELAY_TOKEN_MAX_TTL_SECONDS=3600).',
    });
  });

  it('refuses a token from the future, beyond the clock skew', () => {
    expect(verify(mint({ now: at(T0 + 10 * 60_000) }))).toMatchObject({ ok: false, problem: 'not_yet_valid' });
  });

  it('refuses garbage without throwing', () => {
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', 'a.b.c', '!!.??.**', 'x'.repeat(5000), `${mint()} `]) {
      const result = verify(token);
      expect(result.ok, token.slice(0, 20)).toBe(false);
    }
    expect(verify(handMade({ alg: 'HS256' }, { aud: RELAY_TOKEN_AUDIENCE, sub: 'x' }))).toEqual({ ok: false, problem: 'malformed', message: 'The relay token has no expiry (exp).' });
    expect(verify(handMade({ alg: 'HS256' }, { aud: RELAY_TOKEN_AUDIENCE, exp: T0 / 1000 + 60 }))).toMatchObject({ ok: false, problem: 'malformed' });
  });

  it('accepts the previous secret during a rotation', () => {
    expect(verify(mint({ secret: OTHER }), { secrets: [SECRET, OTHER] })).toMatchObject({ ok: true });
  });

  it('throws a RelayTokenError naming the mistake when minting with bad arguments', () => {
    expect(() => mint({ secret: 'short' })).toThrow(new RelayTokenError("mintRelayToken: the secret must be at least 32 characters (the relay's RELAY_TOKEN_SECRET)."));
    expect(() => mint({ subject: '' })).toThrow(/subject must be a non-empty string/);
    expect(() => mint({ origin: 'app.example.com' })).toThrow(/origin must be a page origin/);
    expect(() => mint({ origin: 'https://app.example.com/path' })).toThrow(/origin must be a page origin/);
    expect(() => mint({ ttlSeconds: 0 })).toThrow(/ttlSeconds must be a whole number/);
  });
});
