// @vitest-environment node
// Every LLMError kind, produced by the real mock server (or a fetch stub), with its retry behaviour.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LLM, LLMError, RETRYABLE_KINDS, type LLMErrorKind } from '../../../src/llm/index.js';
import { agentStep, startMockLLMServer, type MockLLMServer, type MockReply } from '../../helpers/mock-llm-server.js';
import { MACRO, USER, macroTool, stubFetch } from './helpers.js';

let server: MockLLMServer;
beforeAll(async () => {
  server = await startMockLLMServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const OPTIONS = { toolChoiceName: 'AgentOutput', macro: MACRO };
const DONE = agentStep({ done: { text: 'ok', success: true } });

function client(extra: Partial<ConstructorParameters<typeof LLM>[0]> = {}) {
  return new LLM({ baseURL: server.baseURL, model: 'gpt-4.1-mini', apiKey: 'sk-test', maxRetries: 1, retryDelay: 1, ...extra });
}

/**
 * The real fetch, except that an abort reaches a request only once the server has it. With a 50 ms
 * `timeout` on a loaded machine the timer can fire before the request arrives: the server would
 * then see fewer requests than were sent, or see one late, in the next test, taking its reply.
 * `settled()` resolves when every request sent has ended.
 */
function fetchThatArrives(): { customFetch: typeof fetch; settled: () => Promise<unknown> } {
  const sent: Promise<unknown>[] = [];
  const customFetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const arrived = sent.length + 1;
    const outer = init.signal;
    const inner = new AbortController();
    const abort = () => inner.abort(outer?.reason);
    // Given up after 20 s, the request is aborted anyway and the count below says what arrived.
    const abortOnceArrived = () => vi.waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(arrived), { timeout: 20_000, interval: 5 }).then(abort, abort);
    outer?.addEventListener('abort', abortOnceArrived, { once: true });
    const response = fetch(input, { ...init, signal: inner.signal });
    sent.push(response.catch(() => undefined));
    return response;
  }) as typeof fetch;
  return { customFetch, settled: () => Promise.all(sent) };
}

/** Runs one invoke and returns the error it rejected with, plus the events it sent. */
async function failure(llm: LLM): Promise<{ error: LLMError; retries: number; errorEvents: LLMError[] }> {
  let retries = 0;
  const errorEvents: LLMError[] = [];
  llm.addEventListener('retry', () => retries++);
  llm.addEventListener('error', (event) => errorEvents.push((event as CustomEvent).detail.error));
  const error = await llm.invoke(USER, macroTool().tools, undefined, OPTIONS).then(
    () => {
      throw new Error('invoke resolved');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LLMError);
  return { error: error as LLMError, retries, errorEvents };
}

describe('LLMError', () => {
  it('derives retryable from the kind', () => {
    const retryable: LLMErrorKind[] = ['network', 'timeout', 'rate_limit', 'server', 'invalid_response', 'no_tool_call', 'invalid_tool_args'];
    const fatal: LLMErrorKind[] = ['config', 'auth', 'context_length', 'content_filter'];
    for (const kind of retryable) expect(new LLMError(kind, 'x').retryable).toBe(true);
    for (const kind of fatal) expect(new LLMError(kind, 'x').retryable).toBe(false);
    expect([...RETRYABLE_KINDS].sort()).toEqual([...retryable].sort());
  });

  it('keeps status, rawResponse and rawError, and chains the cause', () => {
    const cause = new TypeError('boom');
    const error = new LLMError('network', 'failed', { status: 502, rawResponse: { a: 1 }, rawError: cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('LLMError');
    expect([error.status, error.rawResponse, error.rawError, error.cause]).toEqual([502, { a: 1 }, cause, cause]);
  });
});

describe('retryable kinds are retried, then reported once', () => {
  it.each<[LLMErrorKind, MockReply, RegExp]>([
    ['rate_limit', { fault: 'rate_limit', retryAfter: 0 }, /Rate limited.*HTTP 429/],
    ['server', { fault: 'server', status: 500 }, /HTTP 500/],
    ['server', { fault: 'server', status: 503 }, /HTTP 503/],
    ['invalid_response', { fault: 'non_json' }, /Expected JSON .* "this is not json \{"/],
    ['network', { fault: 'drop' }, /Could not reach the LLM server/],
    ['no_tool_call', { content: 'I will click the button.' }, /without calling a tool/],
    ['invalid_tool_args', agentStep({ fly: { to: 'moon' } }), /Unknown tool "fly"/],
  ])('%s (%o)', async (kind, reply, message) => {
    server.enqueue(reply, reply);
    const { error, retries, errorEvents } = await failure(client());
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(message);
    expect(server.requests).toHaveLength(2);
    expect(retries).toBe(1);
    expect(errorEvents).toEqual([error]);
  });

  it('timeout: a request that hangs past `timeout`', async () => {
    server.enqueue({ fault: 'hang' }, { fault: 'hang' });
    const { customFetch, settled } = fetchThatArrives();
    const { error } = await failure(client({ timeout: 50, customFetch }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('`timeout`');
    await settled();
    expect(server.requests).toHaveLength(2);
  });

  it('network: fetch itself rejects', async () => {
    const customFetch = stubFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const { error } = await failure(client({ customFetch }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('CORS');
    expect(customFetch.requests).toHaveLength(2);
  });

  it('invalid_response: an HTML error page is quoted, first 200 characters', async () => {
    const page = `<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>${'x'.repeat(400)}</body></html>`;
    server.enqueue({ text: page, status: 502, type: 'text/html' }, { fault: 'html' });
    const { error } = await failure(client());
    expect(error.kind).toBe('invalid_response');
    expect(error.status).toBe(502);
    expect(error.message).toContain('nginx');
    expect(server.requests).toHaveLength(2);
    const first = client({ maxRetries: 0 });
    server.enqueue({ text: page, status: 502, type: 'text/html' });
    const { error: long } = await failure(first);
    expect(long.message).toContain(`"${page.slice(0, 200)}…"`);
    expect(long.message).not.toContain(page.slice(0, 201));
  });

  it('uses maxRetries 2 by default: three requests in all', async () => {
    server.enqueue({ fault: 'server' }, { fault: 'server' }, { fault: 'server' });
    const { retries } = await failure(new LLM({ baseURL: server.baseURL, model: 'm', retryDelay: 1 }));
    expect(server.requests).toHaveLength(3);
    expect(retries).toBe(2);
  });

  it('succeeds when a retry succeeds', async () => {
    server.enqueue({ fault: 'rate_limit', retryAfter: 0 }, DONE);
    const result = await client().invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(result.toolCall.args.action).toEqual({ done: { text: 'ok', success: true } });
  });
});

describe('fatal kinds are not retried', () => {
  it.each<[LLMErrorKind, MockReply, RegExp]>([
    ['auth', { fault: 'auth', status: 401 }, /Check `apiKey`/],
    ['auth', { fault: 'auth', status: 403 }, /HTTP 403.*Check `apiKey`/],
    ['context_length', { fault: 'context_length' }, /too long for model "gpt-4.1-mini"/],
    ['content_filter', { fault: 'content_filter' }, /content filter/],
    ['config', { json: { error: { message: 'The model `nope` does not exist' } }, status: 404 }, /404 .*Check `baseURL`.*`model`/],
    ['config', { json: { error: { message: "Unrecognized request argument supplied: foo" } }, status: 400 }, /rejected the request \(HTTP 400\)/],
    ['auth', { json: { error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } }, status: 429 }, /no quota left/],
  ])('%s (%o)', async (kind, reply, message) => {
    server.enqueue(reply, DONE);
    const { error, retries, errorEvents } = await failure(client({ maxRetries: 2 }));
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(message);
    expect(server.requests).toHaveLength(1);
    expect(retries).toBe(0);
    expect(errorEvents).toHaveLength(1);
  });

  it('config: transformRequestBody that throws names the field and sends nothing', async () => {
    const llm = client({
      transformRequestBody: () => {
        throw new Error('bad hook');
      },
    });
    const { error } = await failure(llm);
    expect(error.kind).toBe('config');
    expect(error.message).toContain('`transformRequestBody` threw: bad hook');
    expect(server.requests).toHaveLength(0);
  });

  it('config: invoke without tools or with an unknown toolChoiceName', async () => {
    await expect(client().invoke(USER, {})).rejects.toMatchObject({ kind: 'config' });
    await expect(client().invoke(USER, macroTool().tools, undefined, { toolChoiceName: 'Nope' })).rejects.toMatchObject({ kind: 'config', message: expect.stringContaining('"Nope"') });
  });

  it('classifies an error object sent with status 200 by its code', async () => {
    server.enqueue({ json: { error: { message: 'Provider returned error', code: 401 } } });
    const { error } = await failure(client());
    expect(error.kind).toBe('auth');
  });
});
