// Client authentication at the relay (#15): relay tokens minted with mintRelayToken, and session
// cookies checked at RELAY_VERIFY_URL. Every refusal (missing, expired, forged, foreign-origin
// token; a verify URL that says no, answers 500 or hangs) reaches the upstream never.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mintRelayToken } from '../../../relay/relay-token.js';
import type { RunningRelay } from '../../../relay/server.js';
import { PAGE_ORIGIN, postChat, useRelayFixture } from './relay-helpers.js';

const SECRET = 'relay-token-secret-for-the-e2e-tests-0123456789';
const fixture = useRelayFixture();
const { relayWith } = fixture;

/** The site's session endpoint: what it answers is up to each test. */
let verifyAnswer: (req: IncomingMessage) => { status: number; body?: unknown } | 'hang' = () => ({ status: 200 });
const verifyCalls: IncomingMessage[] = [];
let site: Server;
let verifyURL: string;

beforeAll(async () => {
  site = createServer((req, res) => {
    verifyCalls.push(req);
    const answer = verifyAnswer(req);
    if (answer === 'hang') return; // never answers; the relay's timeout must decide
    res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.status === 302 ? { location: '/login' } : {}) });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  verifyURL = `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/session`;
});
beforeEach(() => {
  verifyCalls.length = 0;
  fixture.upstream.setHandler(() => ({ content: 'answered' }));
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((done) => site.close(() => done()));
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const token = (extra: Partial<Parameters<typeof mintRelayToken>[0]> = {}) => mintRelayToken({ secret: SECRET, subject: 'alice', origin: PAGE_ORIGIN, ...extra });

describe('relay tokens', () => {
  let relay: RunningRelay;
  beforeAll(async () => {
    ({ relay } = await relayWith({ RELAY_TOKEN_SECRET: SECRET }));
  });

  it('forwards a request with a valid token, with the relay key and without the token', async () => {
    const res = await postChat(relay, { headers: bearer(token()) });
    expect(res.status).toBe(200);
    expect(fixture.upstream.requests).toHaveLength(1);
    expect(fixture.upstream.requests[0]!.headers.authorization).toBe('Bearer sk-relay-e2e-000111222');
  });

  it('answers a request without a token with 401 auth_required and a WWW-Authenticate challenge', async () => {
    const res = await postChat(relay);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="llm-relay"');
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
    expect(res.body.error).toEqual({
      code: 'auth_required',
      type: 'relay_error',
      message: "This LLM relay needs a sign-in token (Authorization: Bearer …) that the site's backend issues to signed-in users. Sign in to the site and reload the page.",
    });
  });

  it('refuses expired, forged and foreign-origin tokens with 401 naming the reason', async () => {
    const expired = await postChat(relay, { headers: bearer(token({ ttlSeconds: 1, now: () => Date.now() - 10 * 60_000 })) });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('auth_expired');
    expect(expired.body.error.message).toMatch(/^The relay token expired at \d{4}-\d\d-\d\dT/);

    const forged = await postChat(relay, { headers: bearer(token({ secret: 'an-attacker-guess-at-the-secret-0000000000' })) });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toMatchObject({ code: 'auth_invalid', message: expect.stringContaining('not signed with this relay') });
    expect(forged.headers.get('www-authenticate')).toBe('Bearer realm="llm-relay", error="invalid_token"');

    const elsewhere = await postChat(relay, { headers: bearer(token({ origin: 'https://other.example' })) });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error.message).toBe(`The relay token was issued for https://other.example, not for ${PAGE_ORIGIN}.`);

    const junk = await postChat(relay, { headers: bearer('not-a-token') });
    expect(junk.status).toBe(401);
    expect(fixture.upstream.requests).toHaveLength(0);
  });

  it('lets a server client without an Origin in with a token minted for no origin, when RELAY_ALLOW_NO_ORIGIN is set', async () => {
    const { relay: servers } = await relayWith({ RELAY_TOKEN_SECRET: SECRET, RELAY_ALLOW_NO_ORIGIN: '1' });
    expect((await postChat(servers, { origin: null, headers: bearer(token({ origin: null })) })).status).toBe(200);
    // A token bound to a page origin does not work without that Origin.
    expect((await postChat(servers, { origin: null, headers: bearer(token()) })).status).toBe(401);
    expect((await postChat(servers, { origin: null })).status).toBe(401);
  });

  it('accepts a token minted with the previous secret during a rotation', async () => {
    const { relay: rotating } = await relayWith({ RELAY_TOKEN_SECRET: 'the-new-secret-after-rotation-0000000000', RELAY_TOKEN_SECRET_PREVIOUS: SECRET });
    expect((await postChat(rotating, { headers: bearer(token()) })).status).toBe(200);
  });
});

describe('relay session checks (RELAY_VERIFY_URL)', () => {
  it("sends the browser's cookie to the verify URL and forwards when it answers 2xx", async () => {
    const { relay, logger } = await relayWith({ RELAY_VERIFY_URL: verifyURL });
    verifyAnswer = () => ({ status: 200, body: { user: { id: 42 } } });
    const res = await postChat(relay, { headers: { cookie: 'session=abc123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]!.method).toBe('GET');
    expect(verifyCalls[0]!.url).toBe('/api/session');
    expect(verifyCalls[0]!.headers).toMatchObject({ cookie: 'session=abc123', 'x-relay-origin': PAGE_ORIGIN, 'x-forwarded-for': '127.0.0.1' });
    expect(fixture.upstream.requests).toHaveLength(1);
    expect(fixture.upstream.requests[0]!.headers.cookie).toBeUndefined();
    expect(logger.lines.some((l) => l.includes('POST /chat/completions 200') && l.includes('client=user:42'))).toBe(true);
  });

  it('refuses without asking when the request has no cookie', async () => {
    const { relay } = await relayWith({ RELAY_VERIFY_URL: verifyURL });
    const res = await postChat(relay);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth_required');
    expect(verifyCalls).toHaveLength(0);
  });

  it('answers 401 when the site says the session is not signed in (401, 403 or a redirect to its login)', async () => {
    const { relay } = await relayWith({ RELAY_VERIFY_URL: verifyURL });
    for (const status of [401, 403, 302]) {
      verifyAnswer = () => ({ status });
      const res = await postChat(relay, { headers: { cookie: 'session=gone' } });
      expect(res.status, String(status)).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'auth_invalid', message: `The site did not recognise your session (its verify endpoint answered ${status}). Sign in again and retry.` });
    }
    expect(fixture.upstream.requests).toHaveLength(0);
  });

  it('refuses with 503, never forwarding, when the verify URL answers 500, hangs or is down', async () => {
    const { relay, logger } = await relayWith({ RELAY_VERIFY_URL: verifyURL, RELAY_VERIFY_TIMEOUT_SECONDS: '1' });
    const host = new URL(verifyURL).host;
    verifyAnswer = () => ({ status: 500, body: { error: 'boom' } });
    const failed = await postChat(relay, { headers: { cookie: 'session=abc' } });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('5');
    expect(failed.body.error).toEqual({
      code: 'auth_unavailable',
      type: 'relay_error',
      message: `The relay could not check your session: the site's verify endpoint at ${host} answered 500. Nothing was sent to the LLM; try again shortly.`,
    });

    verifyAnswer = () => 'hang';
    const started = Date.now();
    const hung = await postChat(relay, { headers: { cookie: 'session=abc' } });
    expect(hung.status).toBe(503);
    expect(hung.body.error.message).toBe(
      `The relay could not check your session: the site's verify endpoint at ${host} did not answer within 1 s (RELAY_VERIFY_TIMEOUT_SECONDS). Nothing was sent to the LLM; try again shortly.`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const { relay: orphan } = await relayWith({ RELAY_VERIFY_URL: `http://127.0.0.1:${port}/api/session` });
    const down = await postChat(orphan, { headers: { cookie: 'session=abc' } });
    expect(down.status).toBe(503);
    expect(down.body.error.message).toContain(`at 127.0.0.1:${port} could not be reached (ECONNREFUSED)`);

    expect(fixture.upstream.requests).toHaveLength(0);
    expect(logger.lines.filter((l) => l.startsWith('warn The relay could not check your session'))).toHaveLength(2);
  });

  it('with both set, takes a valid relay token without asking the site, and asks the site for anything else', async () => {
    const { relay } = await relayWith({ RELAY_TOKEN_SECRET: SECRET, RELAY_VERIFY_URL: verifyURL });
    verifyAnswer = () => ({ status: 200, body: { sub: 'bob' } });
    expect((await postChat(relay, { headers: bearer(token()) })).status).toBe(200);
    expect(verifyCalls).toHaveLength(0);
    // The site's own bearer session token is not a relay token: the site decides.
    expect((await postChat(relay, { headers: bearer('site-session-token') })).status).toBe(200);
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]!.headers.authorization).toBe('Bearer site-session-token');
    // A genuine relay token that has expired is refused outright.
    const expired = await postChat(relay, { headers: bearer(token({ ttlSeconds: 1, now: () => Date.now() - 10 * 60_000 })) });
    expect(expired.status).toBe(401);
    expect(verifyCalls).toHaveLength(1);
  });
});
