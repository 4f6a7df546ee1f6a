// How a run ends or goes on when something fails: each LLM error kind (retried or final), and
// throwing hooks (reported, the run ends cleanly). No rejection may go unhandled.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { done, makeAgent, step, trackUnhandledRejections } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

const click = (index: number) => step({ click_element_by_index: { index } });
const errorBody = (message: string, code: string, type = 'invalid_request_error') => ({ error: { message, type, code } });

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('LLM errors', () => {
  it('retries a 429 and records the error and the retry in history', async () => {
    const { agent, llm, activities } = makeAgent([{ status: 429, body: errorBody('Rate limit reached', 'rate_limit_exceeded') }, done('ok')]);
    const result = await agent.execute('task');
    expect(result).toMatchObject({ success: true, data: 'ok' });
    expect(llm.bodies).toHaveLength(2);
    expect(result.history.map((e) => e.type)).toEqual(['error', 'retry', 'step']);
    expect(result.history[1]).toMatchObject({ type: 'retry', attempt: 1, maxAttempts: 2 });
    expect(activities('retrying')).toEqual([{ type: 'retrying', attempt: 1, maxAttempts: 2 }]);
  });

  it.each([
    ['server errors', { status: 503, body: errorBody('overloaded', 'server_error', 'server_error') }],
    ['a non-JSON reply', { text: 'this is not json {' }],
    ['a network failure', 'network'],
  ])('gives up on %s after maxRetries with success false and status error', async (_name, reply) => {
    const failing = reply === 'network' ? () => Promise.reject(new TypeError('Failed to fetch')) : undefined;
    const replies = Array.from({ length: 3 }, () => reply as any);
    const harness = makeAgent(failing ? [] : replies, failing ? { customFetch: vi.fn(failing) as any } : {});
    const result = await harness.agent.execute('task');
    expect(result.success).toBe(false);
    expect(harness.agent.status).toBe('error');
    expect(result.history.filter((e) => e.type === 'retry')).toHaveLength(2);
    expect(result.history.at(-1)?.type).toBe('error');
    expect(harness.activities('error')).toHaveLength(1);
  });

  it.each([
    ['auth', { status: 401, body: errorBody('Incorrect API key provided', 'invalid_api_key') }, /refused the API key/],
    [
      'context_length',
      { status: 400, body: errorBody("This model's maximum context length is 8192 tokens.", 'context_length_exceeded') },
      /too long/,
    ],
    ['content_filter', { status: 400, body: errorBody('filtered by content management policy', 'content_filter') }, /content filter/],
  ])('ends at once on %s without retrying', async (_kind, reply, message) => {
    const { agent, llm } = makeAgent([reply as any, done()]);
    const result = await agent.execute('task');
    expect(llm.bodies).toHaveLength(1);
    expect(result.success).toBe(false);
    expect(result.data).toMatch(message);
    expect(result.history.some((e) => e.type === 'retry')).toBe(false);
    expect(agent.status).toBe('error');
  });

  it.each([
    ['a hung request (timeout)', { hang: true }, { timeout: 30 }, /did not answer within 30 ms \(`timeout`\)/],
    ['HTTP 504', { status: 504, body: errorBody('upstream timed out', 'timeout', 'server_error') }, {}, /timed out \(HTTP 504\)/],
  ])('retries %s, then ends with success false, an error event and a message naming the timeout', async (_name, reply, config, message) => {
    const { agent, llm, activities } = makeAgent([reply as any, reply as any, reply as any, done('never reached')], { maxRetries: 2, ...config });
    const result = await agent.execute('task');
    expect(llm.bodies).toHaveLength(3);
    expect(result.success).toBe(false);
    expect(result.data).toMatch(message);
    expect(agent.status).toBe('error');
    expect(result.history.filter((e) => e.type === 'retry')).toHaveLength(2);
    expect(result.history.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(message) });
    expect(activities('error')).toEqual([{ type: 'error', message: result.data }]);
  });

  it('recovers when a timed-out request succeeds on retry', async () => {
    const { agent, llm } = makeAgent([{ hang: true }, done('ok')], { timeout: 30 });
    const result = await agent.execute('task');
    expect(result).toMatchObject({ success: true, data: 'ok' });
    expect(llm.bodies).toHaveLength(2);
    expect(result.history.map((e) => e.type)).toEqual(['error', 'retry', 'step']);
  });

  it('ends at once on a 404 (config error) without retrying, naming the URL, baseURL and model', async () => {
    const { agent, llm, activities } = makeAgent([{ status: 404, body: errorBody('The model `test-model` does not exist', 'model_not_found') }, done()]);
    const result = await agent.execute('task');
    expect(llm.bodies).toHaveLength(1);
    expect(result.success).toBe(false);
    expect(agent.status).toBe('error');
    expect(result.data).toMatch(/answered 404 at https:\/\/llm\.test\/v1\/chat\/completions/);
    expect(result.data).toMatch(/Check `baseURL`.*`model` \("test-model"\)/);
    expect(result.history.some((e) => e.type === 'retry')).toBe(false);
    expect(result.history.at(-1)).toMatchObject({ type: 'error', message: result.data });
    expect(activities('error')).toHaveLength(1);
  });

  it('retries an invalid action and tells the model what was wrong', async () => {
    const { agent, llm } = makeAgent([step({ click_element_by_index: { index: 'first' } }), done('recovered')]);
    const result = await agent.execute('task');
    expect(result.data).toBe('recovered');
    expect(result.history.map((e) => e.type)).toEqual(['error', 'retry', 'step']);
    const retryMessages = llm.bodies[1].messages;
    expect(retryMessages.at(-1).content).toMatch(/rejected/i);
  });

  it('retries a reply without a tool call', async () => {
    const { agent } = makeAgent([{ raw: { choices: [{ message: { role: 'assistant', content: 'I would rather chat.' } }] } }, done('ok')]);
    const result = await agent.execute('task');
    expect(result.data).toBe('ok');
    expect(result.history.some((e) => e.type === 'retry')).toBe(true);
  });
});

describe('hooks', () => {
  const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => {});

  it('calls every hook in order with the agent', async () => {
    const calls: string[] = [];
    const { agent } = makeAgent([click(1), done()], {
      onBeforeTask: (a) => void calls.push(`beforeTask:${a.status}`),
      onBeforeStep: (_a, n) => void calls.push(`beforeStep:${n}`),
      onAfterStep: (_a, history) => void calls.push(`afterStep:${history.length}`),
      onAfterTask: (_a, result) => void calls.push(`afterTask:${result.data}`),
    });
    await agent.execute('task');
    expect(calls).toEqual(['beforeTask:running', 'beforeStep:0', 'afterStep:1', 'beforeStep:1', 'afterStep:2', 'afterTask:finished']);
  });

  it.each(['onBeforeTask', 'onBeforeStep', 'onAfterStep'] as const)('reports a throwing %s and ends the run cleanly', async (hook) => {
    const spy = quietConsole();
    const afterTask = vi.fn();
    const { agent, controller, llm, activities } = makeAgent([click(1), done()], {
      [hook]: () => {
        throw new Error('hook exploded');
      },
      ...(hook === 'onBeforeTask' ? {} : { onAfterTask: afterTask }),
    });
    const result = await agent.execute('task');
    spy.mockRestore();
    expect(result).toMatchObject({ success: false, data: `The ${hook} hook failed: hook exploded` });
    expect(agent.status).toBe('error');
    expect(activities('error')[0]?.message).toBe(`The ${hook} hook failed: hook exploded`);
    expect(result.history.some((e) => e.type === 'error' && e.message.includes('hook exploded'))).toBe(true);
    expect(controller.maskVisible).toBe(false);
    // Only onAfterStep lets the first model call happen.
    expect(llm.bodies).toHaveLength(hook === 'onAfterStep' ? 1 : 0);
    if (hook !== 'onBeforeTask') expect(afterTask).toHaveBeenCalledOnce();
  });

  it('reports a throwing onAfterTask and keeps the result', async () => {
    const spy = quietConsole();
    const { agent } = makeAgent([done('answer')], {
      onAfterTask: async () => {
        throw new Error('logging failed');
      },
    });
    const result = await agent.execute('task');
    spy.mockRestore();
    expect(result).toMatchObject({ success: true, data: 'answer' });
    expect(agent.status).toBe('completed');
    expect(result.history.at(-1)).toMatchObject({ type: 'error', message: 'The onAfterTask hook failed: logging failed' });
  });

  it('ends with an error when transformPageContent throws', async () => {
    const { agent, llm } = makeAgent([done()], {
      transformPageContent: () => {
        throw new Error('mask failed');
      },
    });
    const result = await agent.execute('task');
    expect(result).toMatchObject({ success: false, data: 'transformPageContent failed: mask failed' });
    expect(llm.bodies).toHaveLength(0);
  });
});
