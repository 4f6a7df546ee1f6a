// The relay against a mock upstream on loopback: key added server-side, origin policy, rate limit,
// streaming pass-through, body cap, timeouts, and the key never leaving the relay.
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRelayConfig, type RelayConfig } from '../../../relay/config.js';
import type { RelayLogger } from '../../../relay/logger.js';
import { mountRelay } from '../../../relay/mount.js';
import { startRelayServer, type RunningRelay } from '../../../relay/server.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';

const KEY = 'sk-relay-test-9f8e7d6c5b4a3210';
const PAGE_ORIGIN = 'http://app.example.test';

let upstream: MockLLMServer;
/** Every log line and every response (status, headers, body) seen in this file, for the leak check. */
const logLines: string[] = [];
const seen: string[] = [];
const relays: RunningRelay[] = [];

const logger: RelayLogger = {
  info: (line) => logLines.push(`info ${line}`),
  warn: (line) => logLines.push(`warn ${line}`),
  error: (line) => logLines.push(`error ${line}`),
};

function configFor(env: Record<string, string> = {}, overrides: Partial<RelayConfig> = {}): RelayConfig {
  return {
    ...loadRelayConfig({
      LLM_BASE_URL: upstream.baseURL,
      LLM_API_KEY: KEY,
      LLM_MODEL: 'mock-model',
      RELAY_ALLOWED_ORIGINS: PAGE_ORIGIN,
      ...env,
    }),
    ...overrides,
  };
}

async function relayWith(config: RelayConfig, prefix?: string): Promise<RunningRelay> {
  const relay = await startRelayServer({ port: 0, config, logger, prefix });
  relays.push(relay);
  return relay;
}

/** fetch that records what came back, so the final test can look for the key everywhere. */
async function call(url: string, init: RequestInit & { origin?: string | null; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.origin !== null) headers.set('origin', init.origin ?? PAGE_ORIGIN);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(url, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await res.text();
  seen.push(`${res.status} ${JSON.stringify([...res.headers])} ${text}`);
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

const chat = (extra: Record<string, unknown> = {}) => ({ messages: [{ role: 'user', content: 'hi' }], ...extra });

beforeAll(async () => {
  upstream = await startMockLLMServer();
});
beforeEach(() => upstream.reset());
afterAll(async () => {
  await Promise.all(relays.map((r) => r.close()));
  await upstream.close();
});

describe('relay forwarding', () => {
  let relay: RunningRelay;
  beforeAll(async () => {
    relay = await relayWith(configFor());
  });

  it('adds the key server-side, drops the browser credentials and pins the model', async () => {
    upstream.enqueue(agentStep({ done: { text: 'ok', success: true } }));
    const res = await call(`${relay.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer browser-side-junk', cookie: 'session=1' },
      json: chat({ model: 'gpt-5-pro', tools: [] }),
    });
    expect(res.status).toBe(200);
    expect(res.json().choices[0].message.tool_calls[0].function.name).toBe('AgentOutput');
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
    expect(res.headers.get('x-relay-model')).toBe('mock-model');
    const sent = upstream.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers.cookie).toBeUndefined();
    expect(sent.headers.origin).toBeUndefined();
    // The relay's output cap is added when the page sets none (RELAY_MAX_TOKENS, default 8192).
    expect(sent.body).toEqual(chat({ model: 'mock-model', tools: [], max_tokens: 8192 }));
  });

  it('accepts the /v1/chat/completions spelling too', async () => {
    upstream.enqueue({ content: 'hello' });
    expect((await call(`${relay.url}/v1/chat/completions`, { method: 'POST', json: chat() })).status).toBe(200);
  });

  it('answers health with the upstream host and model but not the key', async () => {
    const res = await call(`${relay.url}/health`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, upstream: new URL(upstream.origin).host, model: 'mock-model', pinned: true, keyConfigured: true });
  });

  it('answers unknown paths and wrong methods with JSON errors', async () => {
    const missing = await call(`${relay.url}/models`);
    expect(missing.status).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const wrong = await call(`${relay.url}/chat/completions`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('refuses a body that is not a JSON object without calling upstream', async () => {
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
    expect(upstream.requests).toHaveLength(0);
  });

  it('passes upstream errors on with their status and Retry-After', async () => {
    upstream.enqueue({ fault: 'rate_limit', retryAfter: 7 }, { fault: 'context_length' });
    const limited = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const tooLong = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat() });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json().error.code).toBe('context_length_exceeded');
  });

  it('says the relay key was refused when the upstream answers 401, without echoing the key', async () => {
    upstream.enqueue({ json: { error: { message: `Incorrect API key provided: ${KEY}.`, code: 'invalid_api_key' } }, status: 401 });
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat() });
    expect(res.status).toBe(401);
    expect(res.json().error).toEqual({
      code: 'upstream_auth',
      type: 'relay_error',
      message: "The LLM upstream refused the relay's key (LLM_API_KEY on the server): Incorrect API key provided: [redacted].",
    });
  });

  it('scrubs the key from any other upstream error body', async () => {
    upstream.enqueue({ text: `<h1>Bad gateway</h1> upstream said key=${KEY}`, status: 502, type: 'text/html' });
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat() });
    expect(res.status).toBe(502);
    expect(res.text).toBe('<h1>Bad gateway</h1> upstream said key=[redacted]');
  });
});

describe('relay origin policy', () => {
  let relay: RunningRelay;
  beforeAll(async () => {
    relay = await relayWith(configFor());
  });

  it('refuses a foreign origin with 403 and no CORS grant, without calling upstream', async () => {
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', origin: 'https://evil.example', json: chat() });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.json().error.message).toBe(
      'The origin https://evil.example may not use this LLM relay. Add it to RELAY_ALLOWED_ORIGINS on the server.',
    );
    expect(upstream.requests).toHaveLength(0);
    expect(logLines.some((l) => l.startsWith('warn refused origin https://evil.example'))).toBe(true);
  });

  it('answers an allowed preflight with the methods and requested headers', async () => {
    const res = await call(`${relay.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization, x-custom' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, GET, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type, authorization, x-custom');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('refuses a preflight from a foreign origin', async () => {
    const res = await call(`${relay.url}/chat/completions`, {
      method: 'OPTIONS',
      origin: 'https://evil.example',
      headers: { 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('allows its own origin', async () => {
    upstream.enqueue({ content: 'a' });
    expect((await call(`${relay.url}/chat/completions`, { method: 'POST', origin: relay.url, json: chat() })).status).toBe(200);
  });

  it('refuses a chat request without an Origin header by default, without calling upstream (#15)', async () => {
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', origin: null, json: chat() });
    expect(res.status).toBe(403);
    expect(res.json().error).toEqual({
      code: 'origin_required',
      type: 'relay_error',
      message:
        'This LLM relay forwards only requests from web pages, which carry an Origin header. For server-to-server use, set RELAY_ALLOW_NO_ORIGIN=1 on the relay.',
    });
    expect(upstream.requests).toHaveLength(0);
    expect(logLines.some((l) => l.startsWith('warn refused a request without an Origin header'))).toBe(true);
    // Health checks carry no Origin and spend nothing: they still answer.
    expect((await call(`${relay.url}/health`, { origin: null })).status).toBe(200);
  });

  it('forwards requests without an Origin header when RELAY_ALLOW_NO_ORIGIN is set', async () => {
    const servers = await relayWith(configFor({ RELAY_ALLOW_NO_ORIGIN: '1' }));
    upstream.enqueue({ content: 'server to server' });
    const res = await call(`${servers.url}/chat/completions`, { method: 'POST', origin: null, json: chat() });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(upstream.requests).toHaveLength(1);
  });
});

/** A request with a Host header of our choosing (fetch does not let a caller set Host). */
function withHost(url: string, host: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const target = new URL(url);
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: init.method ?? 'GET', headers: { host, ...init.headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          seen.push(`${res.statusCode} ${JSON.stringify(res.headers)} ${text}`);
          resolve({ status: res.statusCode!, headers: res.headers, text });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('relay host names (#19)', () => {
  it('answers a DNS-rebinding host with 421 and no CORS grant, even when its Origin matches the Host', async () => {
    const relay = await relayWith(configFor());
    const port = new URL(relay.url).port;
    const rebound = `rebind.attacker.test:${port}`;
    const res = await withHost(`${relay.url}/chat/completions`, rebound, {
      method: 'POST',
      headers: { origin: `http://${rebound}`, 'content-type': 'application/json' },
      body: JSON.stringify(chat()),
    });
    expect(res.status).toBe(421);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(res.text).error).toEqual({
      code: 'misdirected_host',
      type: 'relay_error',
      message: `This LLM relay does not answer to the host name ${rebound}. It answers to localhost, 127.0.0.1, app.example.test; add the name to RELAY_HOSTS on the server if it is yours.`,
    });
    const preflight = await withHost(`${relay.url}/chat/completions`, rebound, {
      method: 'OPTIONS',
      headers: { origin: `http://${rebound}`, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(421);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await withHost(`${relay.url}/health`, rebound)).status).toBe(421);
    expect(upstream.requests).toHaveLength(0);
    expect(logLines.some((l) => l.startsWith(`warn refused host ${rebound}`))).toBe(true);
  });

  it('answers to localhost, the listen address and the hosts of the allowed origins by default', async () => {
    const relay = await relayWith(configFor());
    const port = new URL(relay.url).port;
    upstream.setHandler(() => ({ content: 'ok' }));
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'app.example.test']) {
      const res = await withHost(`${relay.url}/chat/completions`, host, {
        method: 'POST',
        headers: { origin: PAGE_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(chat()),
      });
      expect(res.status, host).toBe(200);
    }
  });

  it('answers only to RELAY_HOSTS when it is set, checking X-Forwarded-Host behind a trusted proxy', async () => {
    const relay = await relayWith(configFor({ RELAY_HOSTS: 'relay.example.test', RELAY_TRUST_PROXY: '1' }));
    upstream.enqueue({ content: 'proxied' });
    const headers = { origin: 'http://relay.example.test', 'content-type': 'application/json' };
    const proxied = await withHost(`${relay.url}/chat/completions`, '127.0.0.1', {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-host': 'relay.example.test' },
      body: JSON.stringify(chat()),
    });
    expect(proxied.status).toBe(200);
    // Own origin through the proxy: the page at relay.example.test gets its CORS grant.
    expect(proxied.headers['access-control-allow-origin']).toBe('http://relay.example.test');
    expect((await withHost(`${relay.url}/health`, 'localhost')).status).toBe(421);
    expect((await withHost(`${relay.url}/health`, '127.0.0.1', { headers: { 'x-forwarded-host': 'rebind.attacker.test' } })).status).toBe(421);
  });
});

describe('relay limits', () => {
  it('applies the rate limit per client and says when to retry', async () => {
    const relay = await relayWith(configFor({ RELAY_RATE_LIMIT: '2', RELAY_RATE_WINDOW_SECONDS: '600', RELAY_TRUST_PROXY: '1' }));
    upstream.setHandler(() => ({ content: 'ok' }));
    const from = (ip: string) => call(`${relay.url}/chat/completions`, { method: 'POST', headers: { 'x-forwarded-for': `10.0.0.1, ${ip}` }, json: chat() });
    expect((await from('203.0.113.5')).status).toBe(200);
    expect((await from('203.0.113.5')).status).toBe(200);
    const third = await from('203.0.113.5');
    expect(third.status).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect((await from('198.51.100.7')).status).toBe(200);
    expect(upstream.requests).toHaveLength(3);
  });

  it('refuses an oversized body with 413, declared or streamed, without calling upstream', async () => {
    const relay = await relayWith(configFor({ RELAY_MAX_BODY_BYTES: '1000' }));
    const big = chat({ padding: 'x'.repeat(5000) });
    const declared = await call(`${relay.url}/chat/completions`, { method: 'POST', json: big });
    expect(declared.status).toBe(413);
    expect(declared.json().error.message).toBe('The request body is larger than the relay accepts (1000 bytes, RELAY_MAX_BODY_BYTES).');
    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const streamed = await call(`${relay.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(upstream.requests).toHaveLength(0);
  });

  it('turns an upstream that never answers into a clean 504', async () => {
    const relay = await relayWith(configFor({}, { timeoutMs: 300 }));
    upstream.enqueue({ fault: 'hang' });
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat() });
    expect(res.status).toBe(504);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
    expect(res.json().error).toEqual({
      code: 'upstream_timeout',
      type: 'relay_error',
      message: "The LLM upstream did not answer within 300 ms (the relay's RELAY_TIMEOUT_SECONDS).",
    });
  });

  it('answers 502 naming the host when the upstream is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const relay = await relayWith(configFor({ LLM_BASE_URL: `http://127.0.0.1:${port}/v1` }));
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat() });
    expect(res.status).toBe(502);
    expect(res.json().error.message).toBe(
      `The relay could not reach the LLM at 127.0.0.1:${port}: ECONNREFUSED. Is LLM_BASE_URL right and the server running?`,
    );
  });
});

describe('relay body caps (#19)', () => {
  it('lowers max_tokens and n to the caps, drops unknown fields, and says so in headers', async () => {
    const relay = await relayWith(configFor({ RELAY_MAX_TOKENS: '1000', RELAY_MAX_N: '2' }));
    upstream.enqueue({ content: 'capped' });
    const res = await call(`${relay.url}/chat/completions`, {
      method: 'POST',
      json: chat({ max_tokens: 1_000_000, n: 16, store: true, service_tier: 'priority', 'x\nevil': 1, temperature: 0 }),
    });
    expect(res.status).toBe(200);
    expect(upstream.requests[0]!.body).toEqual(chat({ model: 'mock-model', max_tokens: 1000, n: 2, temperature: 0 }));
    expect(res.headers.get('x-relay-capped')).toBe('max_tokens=1000, n=2');
    expect(res.headers.get('x-relay-dropped')).toBe('store, service_tier, x?evil');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-relay-capped, x-relay-dropped');
    expect(logLines.some((l) => l.includes('capped=[max_tokens=1000, n=2] dropped=[store, service_tier, x?evil]'))).toBe(true);
  });

  it('forwards fields named in RELAY_ALLOWED_FIELDS, and everything with *', async () => {
    const listed = await relayWith(configFor({ RELAY_ALLOWED_FIELDS: 'store' }));
    const any = await relayWith(configFor({ RELAY_ALLOWED_FIELDS: '*', RELAY_MAX_TOKENS: '0' }));
    upstream.enqueue({ content: 'a' }, { content: 'b' });
    await call(`${listed.url}/chat/completions`, { method: 'POST', json: chat({ store: true, custom: 1 }) });
    await call(`${any.url}/chat/completions`, { method: 'POST', json: chat({ store: true, custom: 1 }) });
    expect(upstream.requests[0]!.body).toEqual(chat({ model: 'mock-model', store: true, max_tokens: 8192 }));
    expect(upstream.requests[1]!.body).toEqual(chat({ model: 'mock-model', store: true, custom: 1 }));
  });

  it('refuses a max_tokens that is not a whole number with 400 naming it, without calling upstream', async () => {
    const relay = await relayWith(configFor());
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat({ max_tokens: 'lots' }) });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_field', type: 'relay_error', message: `The request's max_tokens must be a whole number of at least 1, got "lots".` },
      param: 'max_tokens',
    });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('relay streaming', () => {
  let gated: Server;
  let gatedURL: string;
  let release: () => void = () => {};
  let pending: ServerResponse | undefined;

  beforeAll(async () => {
    // An upstream that sends the second SSE event only when the test says so: if the relay
    // buffered the stream, the client would never see the first event and the test would hang.
    gated = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      // The first chunk ends with the start of the key: the scrubber must hold back only that tail.
      res.write(`data: {"choices":[{"delta":{"content":"first"}}]}\n\ndata: {"choices":[{"delta":{"content":"${KEY.slice(0, 9)}`);
      pending = res;
      release = () => {
        res.write(`${KEY.slice(9)} echo ${KEY}"}}]}\n\n`);
        res.end('data: [DONE]\n\n');
      };
    });
    await new Promise<void>((done) => gated.listen(0, '127.0.0.1', done));
    gatedURL = `http://127.0.0.1:${(gated.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    pending?.destroy();
    await new Promise<void>((done) => gated.close(() => done()));
  });

  it('passes SSE through chunk by chunk, unbuffered, with the key scrubbed', async () => {
    const relay = await relayWith(configFor({ LLM_BASE_URL: gatedURL }));
    const res = await fetch(`${relay.url}/chat/completions`, {
      method: 'POST',
      headers: { origin: PAGE_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(chat({ stream: true })),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('first')) received += decoder.decode((await reader.read()).value, { stream: true });
    // The first event arrived while the upstream still holds the rest back; the key's start is held too.
    expect(received).toContain('data: {"choices":[{"delta":{"content":"first"}}]}\n\n');
    expect(received).not.toContain(KEY.slice(0, 9));
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += decoder.decode(chunk.value, { stream: true });
    seen.push(received);
    expect(received).toBe(
      'data: {"choices":[{"delta":{"content":"first"}}]}\n\ndata: {"choices":[{"delta":{"content":"[redacted] echo [redacted]"}}]}\n\ndata: [DONE]\n\n',
    );
  });

  it('cuts a stream that goes silent for longer than the timeout', async () => {
    const relay = await relayWith(configFor({ LLM_BASE_URL: gatedURL }, { timeoutMs: 300 }));
    const res = await fetch(`${relay.url}/chat/completions`, {
      method: 'POST',
      headers: { origin: PAGE_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(chat({ stream: true })),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"first"');
    // The upstream never sends the rest: the relay ends the response instead of hanging forever.
    await expect(
      (async () => {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
      })(),
    ).rejects.toThrow();
  });

  it('streams the mock upstream SSE reply through intact', async () => {
    const relay = await relayWith(configFor());
    upstream.enqueue({ sse: [{ choices: [{ delta: { content: 'Hel' } }] }, { choices: [{ delta: { content: 'lo' } }] }] });
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', json: chat({ stream: true }) });
    expect(res.text).toBe(
      'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"delta":{"content":"lo"}}]}\n\ndata: [DONE]\n\n',
    );
    expect(upstream.requests[0]!.headers.accept).toBe('text/event-stream');
  });
});

describe('relay without an upstream', () => {
  it('starts and answers every chat request with an explanation and provider examples', async () => {
    const relay = await relayWith(loadRelayConfig({}));
    const res = await call(`${relay.url}/chat/completions`, { method: 'POST', origin: relay.url, json: chat() });
    expect(res.status).toBe(503);
    const body = res.json();
    expect(body.error.code).toBe('relay_not_configured');
    expect(body.error.message).toMatch(
      /^The LLM relay has no upstream configured: LLM_BASE_URL, LLM_MODEL and LLM_API_KEY are not set on the server\. Set LLM_BASE_URL, LLM_MODEL and LLM_API_KEY where the relay runs/,
    );
    for (const name of ['OpenAI', 'DeepSeek', 'DashScope', 'OpenRouter', 'Ollama', 'LM Studio']) expect(body.error.message).toContain(name);
    expect(body.providers.map((p: { name: string }) => p.name)).toContain('Ollama');
    const health = await call(`${relay.url}/health`, { origin: null });
    expect(health.status).toBe(503);
    expect(health.json()).toMatchObject({ ok: false, keyConfigured: false });
  });
});

describe('relay mounted under a prefix in another server', () => {
  it('serves /api/llm/* and leaves every other path to the host server', async () => {
    const host = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`page ${req.url}`));
    mountRelay(host, { prefix: '/api/llm', config: configFor(), logger });
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      upstream.enqueue({ content: 'mounted' });
      const res = await call(`${origin}/api/llm/chat/completions`, { method: 'POST', origin, json: chat() });
      expect(res.status).toBe(200);
      expect(res.json().choices[0].message.content).toBe('mounted');
      expect((await call(`${origin}/api/llm/health`)).json().ok).toBe(true);
      expect((await call(`${origin}/index.html`)).text).toBe('page /index.html');
      expect((await call(`${origin}/api/llmx`)).text).toBe('page /api/llmx');
    } finally {
      host.closeAllConnections();
      await new Promise<void>((done) => host.close(() => done()));
    }
  });
});

describe('relay secrecy', () => {
  it('does not echo the key even when a client puts it in the path or the origin', async () => {
    const relay = await relayWith(configFor(), '/api/llm');
    const inPath = await call(`${relay.url}/${KEY}`);
    expect(inPath.status).toBe(404);
    expect(inPath.json().error.message).toBe('No such relay endpoint: /[redacted]. The relay serves POST /chat/completions and GET /health.');
    expect((await call(`${relay.url.replace('/api/llm', '')}/${KEY}`)).status).toBe(404);
    const inOrigin = await call(`${relay.url}/chat/completions`, { method: 'POST', origin: `https://${KEY}.example`, json: chat() });
    expect(inOrigin.status).toBe(403);
    expect(logLines.some((l) => l.includes('refused origin https://[redacted].example'))).toBe(true);
  });

  it('never let the key appear in any response or log line of this file', () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.some((l) => l.includes('POST /chat/completions 200'))).toBe(true);
    for (const text of [...seen, ...logLines]) expect(text).not.toContain(KEY);
  });
});
