// @vitest-environment node
// Retry policy: backoff with jitter, Retry-After, the retry note to the model, and aborts that
// end everything at once without being wrapped or retried.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LLM, LLMError } from '../../../src/llm/index.js';
import { parseRetryAfter } from '../../../src/llm/http-errors.js';
import { sleep } from '../../../src/base/index.js';
import { retryDelay, withRetry } from '../../../src/llm/retry.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { MACRO, USER, macroTool } from './helpers.js';

let server: MockLLMServer;
beforeAll(async () => {
  server = await startMockLLMServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const OPTIONS = { toolChoiceName: 'AgentOutput', macro: MACRO };
const DONE = agentStep({ done: { text: 'ok', success: true } });

describe('retryDelay', () => {
  const server500 = new LLMError('server', 'x');
  it('grows exponentially with jitter between half and all of base × 2^(n-1)', () => {
    expect(retryDelay(1, server500, 500, () => 0)).toBe(250);
    expect(retryDelay(1, server500, 500, () => 0.999999)).toBe(500);
    expect(retryDelay(2, server500, 500, () => 0)).toBe(500);
    expect(retryDelay(3, server500, 500, () => 0.5)).toBe(1500);
  });

  it('caps the backoff at 10 s', () => {
    expect(retryDelay(20, server500, 500, () => 0.999999)).toBe(10_000);
  });

  it('uses Retry-After when the server sent one', () => {
    expect(retryDelay(1, new LLMError('rate_limit', 'x', { retryAfterMs: 4000 }), 500, () => 0)).toBe(4000);
  });
});

describe('parseRetryAfter', () => {
  const headers = (init: Record<string, string>) => new Headers(init);
  it('reads seconds, an HTTP date and retry-after-ms', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '3' }))).toBe(3000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' }), Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5000);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
  });

  it('caps a long wait at 30 s and ignores garbage', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '3600' }))).toBe(30_000);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
  });

  it('honours Retry-After from a real 429 before retrying', async () => {
    server.enqueue({ fault: 'rate_limit', retryAfter: 0 }, DONE);
    const llm = new LLM({ baseURL: server.baseURL, model: 'm', retryDelay: 60_000 });
    const delays: number[] = [];
    llm.addEventListener('retry', (event) => delays.push((event as CustomEvent).detail.delayMs));
    await llm.invoke(USER, macroTool().tools, undefined, OPTIONS);
    // Without Retry-After: 0 the 60 s backoff would have applied and the test would time out.
    expect(delays).toEqual([0]);
  });
});

describe('retry events and notes', () => {
  it('sends retry events with attempt, maxAttempts and the error', async () => {
    server.enqueue({ fault: 'server' }, { fault: 'server', status: 502 }, DONE);
    const llm = new LLM({ baseURL: server.baseURL, model: 'm', retryDelay: 1 });
    const details: any[] = [];
    llm.addEventListener('retry', (event) => details.push((event as CustomEvent).detail));
    await llm.invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(details.map((d) => [d.attempt, d.maxAttempts, d.error.kind, d.error.status])).toEqual([
      [1, 2, 'server', 500],
      [2, 2, 'server', 502],
    ]);
  });

  it('appends one short note saying what was wrong, replacing the previous note', async () => {
    server.enqueue({ content: 'Sure, clicking now.' }, agentStep({ fly: {} }), DONE);
    const llm = new LLM({ baseURL: server.baseURL, model: 'm', retryDelay: 1 });
    await llm.invoke(USER, macroTool().tools, undefined, OPTIONS);
    const [first, second, third] = server.requests.map((r) => r.body.messages);
    expect(first).toEqual(USER);
    expect(second).toHaveLength(USER.length + 1);
    expect(second.at(-1)).toEqual({ role: 'user', content: expect.stringContaining('did not call the tool `AgentOutput`') });
    expect(third).toHaveLength(USER.length + 1);
    expect(third.at(-1).content).toContain('unknown tool "fly"');
    expect(USER).toHaveLength(2);
  });

  it('adds no note after a server failure', async () => {
    server.enqueue({ fault: 'server' }, DONE);
    await new LLM({ baseURL: server.baseURL, model: 'm', retryDelay: 1 }).invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(server.requests[1]!.body.messages).toEqual(USER);
  });

  it('sums the usage of every attempt that got a reply', async () => {
    server.enqueue({ content: 'no tool', usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 } }, DONE);
    const result = await new LLM({ baseURL: server.baseURL, model: 'm', retryDelay: 1 }).invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(result.usage).toEqual({ promptTokens: 150, completionTokens: 25, totalTokens: 175 });
  });
});

describe('abort', () => {
  it('rejects at once with the AbortError when aborted during the backoff sleep, without another request', async () => {
    server.enqueue({ fault: 'server' }, DONE);
    const llm = new LLM({ baseURL: server.baseURL, model: 'm', retryDelay: 600_000 });
    const controller = new AbortController();
    const errors: unknown[] = [];
    llm.addEventListener('retry', () => controller.abort());
    llm.addEventListener('error', (event) => errors.push(event));
    const error = await llm.invoke(USER, macroTool().tools, controller.signal, OPTIONS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(LLMError);
    expect(server.requests).toHaveLength(1);
    expect(errors).toHaveLength(0);
  });

  it('rejects with the signal’s own reason when aborted mid-request', async () => {
    server.enqueue({ fault: 'hang' });
    const llm = new LLM({ baseURL: server.baseURL, model: 'm' });
    const controller = new AbortController();
    const reason = new DOMException('stopped by user', 'AbortError');
    const pending = llm.invoke(USER, macroTool().tools, controller.signal, OPTIONS);
    // Up to 10 s for the request to reach the server (1 s by default): a loaded machine can take longer.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 10_000 });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('never starts when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(new LLM({ baseURL: server.baseURL, model: 'm' }).invoke(USER, macroTool().tools, controller.signal)).rejects.toHaveProperty('name', 'AbortError');
    expect(server.requests).toHaveLength(0);
  });

  it('sleep rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(600_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toHaveProperty('name', 'AbortError');
  });

  it('withRetry passes an AbortError thrown by the attempt through untouched', async () => {
    const abort = new DOMException('x', 'AbortError');
    const attempt = vi.fn(async () => {
      throw abort;
    });
    await expect(withRetry(attempt, { maxRetries: 3, baseDelay: 1 })).rejects.toBe(abort);
    expect(attempt).toHaveBeenCalledOnce();
  });
});

describe('tool execution', () => {
  it('runs execute once and lets its error through unretried', async () => {
    server.enqueue(DONE, DONE);
    const { tools } = macroTool();
    const boom = new Error('tool failed');
    const execute = vi.fn(async () => {
      throw boom;
    });
    tools.AgentOutput = { ...tools.AgentOutput!, execute };
    await expect(new LLM({ baseURL: server.baseURL, model: 'm' }).invoke(USER, tools, undefined, OPTIONS)).rejects.toBe(boom);
    expect(execute).toHaveBeenCalledOnce();
    expect(server.requests).toHaveLength(1);
  });
});

describe('a customFetch that ignores the signal', () => {
  const neverSettles = (() => new Promise<Response>(() => {})) as unknown as typeof fetch;

  it('still ends at once on abort', async () => {
    const controller = new AbortController();
    const llm = new LLM({ baseURL: 'https://x.test', model: 'm', customFetch: neverSettles });
    const pending = llm.invoke(USER, macroTool().tools, controller.signal, OPTIONS);
    controller.abort();
    await expect(pending).rejects.toHaveProperty('name', 'AbortError');
  });

  it('still times out', async () => {
    const llm = new LLM({ baseURL: 'https://x.test', model: 'm', customFetch: neverSettles, timeout: 20, maxRetries: 0 });
    await expect(llm.invoke(USER, macroTool().tools, undefined, OPTIONS)).rejects.toMatchObject({ kind: 'timeout' });
  });
});
