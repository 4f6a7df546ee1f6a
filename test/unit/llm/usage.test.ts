// @vitest-environment node
// Token usage across the field names providers use, and folding of an SSE reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUsage, LLM, parseUsage } from '../../../src/llm/index.js';
import { completionFromSSE } from '../../../src/llm/sse.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { MACRO, USER, macroTool } from './helpers.js';

describe('parseUsage', () => {
  it('reads OpenAI usage with cached and reasoning details', () => {
    const usage = parseUsage({
      usage: {
        prompt_tokens: 1200,
        completion_tokens: 300,
        total_tokens: 1500,
        prompt_tokens_details: { cached_tokens: 1024 },
        completion_tokens_details: { reasoning_tokens: 256 },
      },
    });
    expect(usage).toEqual({ promptTokens: 1200, completionTokens: 300, totalTokens: 1500, cachedTokens: 1024, reasoningTokens: 256 });
  });

  it('reads DeepSeek prompt_cache_hit_tokens', () => {
    expect(parseUsage({ usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, prompt_cache_hit_tokens: 8, prompt_cache_miss_tokens: 2 } }).cachedTokens).toBe(8);
  });

  it('reads Moonshot top-level cached_tokens and top-level reasoning_tokens', () => {
    const usage = parseUsage({ usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, cached_tokens: 6, reasoning_tokens: 1 } });
    expect([usage.cachedTokens, usage.reasoningTokens]).toEqual([6, 1]);
  });

  it('reads Anthropic-style input/output tokens and computes a missing total', () => {
    expect(parseUsage({ usage: { input_tokens: 40, output_tokens: 9, cache_read_input_tokens: 30 } })).toEqual({
      promptTokens: 40,
      completionTokens: 9,
      totalTokens: 49,
      cachedTokens: 30,
    });
  });

  it('is all zeros when the reply has no usage', () => {
    expect(parseUsage({})).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
    expect(parseUsage(null)).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
  });

  it('adds usages, keeping optional fields only when present', () => {
    expect(addUsage({ promptTokens: 1, completionTokens: 2, totalTokens: 3 }, { promptTokens: 1, completionTokens: 1, totalTokens: 2, cachedTokens: 1 })).toEqual({
      promptTokens: 2,
      completionTokens: 3,
      totalTokens: 5,
      cachedTokens: 1,
    });
  });
});

describe('streamed replies', () => {
  let server: MockLLMServer;
  beforeAll(async () => {
    server = await startMockLLMServer();
  });
  afterAll(() => server.close());

  it('folds tool-call deltas of an SSE reply into one call', async () => {
    const args = JSON.stringify({ next_goal: 'finish', action: { done: { text: 'ok', success: true } } });
    server.enqueue({
      sse: [
        { id: 's1', choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'AgentOutput', arguments: '' } }] } }] },
        { id: 's1', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(0, 20) } }] } }] },
        { id: 's1', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(20) } }] }, finish_reason: 'tool_calls' }] },
        { id: 's1', choices: [], usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } },
      ],
    });
    const result = await new LLM({ baseURL: server.baseURL, model: 'm' }).invoke(USER, macroTool().tools, undefined, { toolChoiceName: 'AgentOutput', macro: MACRO });
    expect(result.toolCall.args).toEqual({ next_goal: 'finish', action: { done: { text: 'ok', success: true } } });
    expect(result.usage.totalTokens).toBe(10);
  });

  it('returns undefined for a body with no data lines', () => {
    expect(completionFromSSE('event: ping\n\n')).toBeUndefined();
  });

  it('collects streamed content when there is no tool call', () => {
    const folded = completionFromSSE('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"delta":{"content":"lo"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n') as any;
    expect(folded.choices[0].message.content).toBe('Hello');
    expect(folded.choices[0].finish_reason).toBe('stop');
  });
});
