// @vitest-environment node
// LLM.invoke end to end against the real mock server: request shape, parse, execute, usage, events.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LLM, type Tool } from '../../../src/llm/index.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { MACRO, USER, macroTool } from './helpers.js';

let server: MockLLMServer;
beforeAll(async () => {
  server = await startMockLLMServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('LLM.invoke', () => {
  it('sends one forced AgentOutput call and executes the validated action once', async () => {
    const llm = new LLM({ baseURL: server.baseURL, model: 'gpt-4.1-mini', apiKey: 'sk-test' });
    const { tools, calls } = macroTool();
    server.enqueue(agentStep({ click_element_by_index: { index: 3 } }, 'click submit'));
    const result = await llm.invoke(USER, tools, undefined, { toolChoiceName: 'AgentOutput', macro: MACRO });

    expect(result.toolCall).toEqual({
      name: 'AgentOutput',
      args: { evaluation_previous_goal: 'ok', memory: '', next_goal: 'click submit', action: { click_element_by_index: { index: 3 } } },
    });
    expect(calls).toHaveLength(1);
    expect(result.toolResult).toEqual({ ok: true, args: result.toolCall.args });
    expect(result.usage).toEqual({ promptTokens: 100, completionTokens: 20, totalTokens: 120 });
    expect(result.repairs).toEqual([]);

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('gpt-4.1-mini');
    expect(request.body.messages).toEqual(USER);
    expect(request.body.tool_choice).toEqual({ type: 'function', function: { name: 'AgentOutput' } });
    expect(request.body.parallel_tool_calls).toBe(false);
    expect(request.body.tools[0].function.name).toBe('AgentOutput');
    expect(result.rawRequest).toEqual(request.body);
  });

  it('calls a plain tool and returns what execute returned', async () => {
    const llm = new LLM({ baseURL: server.baseURL, model: 'm' });
    const add: Tool<{ a: number; b: number }, number> = { inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => a + b };
    server.enqueue({ toolCall: { name: 'add', args: { a: 2, b: 3 } } });
    const result = await llm.invoke([{ role: 'user', content: '2+3' }], { add });
    expect(result.toolResult).toBe(5);
    expect(server.requests[0]!.body.tool_choice).toBe('required');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});
