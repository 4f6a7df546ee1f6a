// @vitest-environment node
// The request the client builds: URL, headers, tools from zod, tool_choice, transformRequestBody,
// the fetch it uses, and that it never reaches for document or window.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LLM, toolToJSONSchema, toOpenAITool } from '../../../src/llm/index.js';
import { jsonResponse, MACRO, USER, macroTool, stubFetch, toolCallBody } from './helpers.js';

const DONE_REPLY = () => jsonResponse(toolCallBody('AgentOutput', { action: { done: { text: 'ok' } } }));
const OPTIONS = { toolChoiceName: 'AgentOutput', macro: MACRO };

afterEach(() => vi.unstubAllGlobals());

describe('toolToJSONSchema', () => {
  it('marks fields with a default as optional, keeps the default, and drops noise', () => {
    const schema = toolToJSONSchema(z.object({ index: z.number().int(), down: z.boolean().default(true), note: z.string().optional().describe('why') }));
    expect(schema).toEqual({
      type: 'object',
      properties: { index: { type: 'integer' }, down: { type: 'boolean', default: true }, note: { type: 'string', description: 'why' } },
      required: ['index'],
    });
  });

  it('describes the input of a transform, not its output', () => {
    expect(toolToJSONSchema(z.object({ n: z.string().transform((s) => s.length) }))).toEqual({
      type: 'object',
      properties: { n: { type: 'string' } },
      required: ['n'],
    });
  });

  it('builds the tools entry with name, description and parameters', () => {
    const tool = toOpenAITool('wait', { description: 'Wait a moment', inputSchema: z.object({ seconds: z.number().default(1) }), execute: async () => null });
    expect(tool).toEqual({
      type: 'function',
      function: { name: 'wait', description: 'Wait a moment', parameters: { type: 'object', properties: { seconds: { type: 'number', default: 1 } } } },
    });
  });
});

describe('request', () => {
  it('posts JSON to the chat-completions URL with bearer auth and extra headers', async () => {
    const customFetch = stubFetch(DONE_REPLY());
    const llm = new LLM({ baseURL: 'https://api.example.com/v1/', model: 'm', apiKey: 'sk-1', headers: { 'X-Title': 'page-agent' }, customFetch });
    await llm.invoke(USER, macroTool().tools, undefined, OPTIONS);
    const { url, init } = customFetch.requests[0]!;
    expect(url).toBe('https://api.example.com/v1/chat/completions');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer sk-1', 'X-Title': 'page-agent' });
  });

  it('sends no Authorization header without an apiKey', async () => {
    const customFetch = stubFetch(DONE_REPLY());
    await new LLM({ baseURL: 'https://x.test', model: 'm', apiKey: '', customFetch }).invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(customFetch.requests[0]!.init.headers).not.toHaveProperty('Authorization');
  });

  it('builds the macro tool parameters from zod, defaults not required', async () => {
    const customFetch = stubFetch(DONE_REPLY());
    await new LLM({ baseURL: 'https://x.test', model: 'm', customFetch }).invoke(USER, macroTool().tools, undefined, OPTIONS);
    const [tool] = customFetch.requests[0]!.body.tools;
    expect(tool.function.name).toBe('AgentOutput');
    expect(tool.function.parameters.required).toEqual(['action']);
    const done = tool.function.parameters.properties.action.anyOf[0].properties.done;
    expect(done.required).toEqual(['text']);
  });

  it('sends tool_choice "required" when disableNamedToolChoice is set', async () => {
    const customFetch = stubFetch(DONE_REPLY());
    await new LLM({ baseURL: 'https://x.test', model: 'm', disableNamedToolChoice: true, customFetch }).invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(customFetch.requests[0]!.body.tool_choice).toBe('required');
    expect(customFetch.requests[0]!.body.parallel_tool_calls).toBe(false);
  });

  it('sends temperature only when configured', async () => {
    const customFetch = stubFetch(DONE_REPLY(), DONE_REPLY());
    await new LLM({ baseURL: 'https://x.test', model: 'm', customFetch }).invoke(USER, macroTool().tools, undefined, OPTIONS);
    await new LLM({ baseURL: 'https://x.test', model: 'm', temperature: 0.3, customFetch }).invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(customFetch.requests[0]!.body).not.toHaveProperty('temperature');
    expect(customFetch.requests[1]!.body.temperature).toBe(0.3);
  });

  it('uses the body transformRequestBody returns, or the one it mutated', async () => {
    const customFetch = stubFetch(DONE_REPLY(), DONE_REPLY());
    const replaced = new LLM({ baseURL: 'https://x.test', model: 'm', customFetch, transformRequestBody: (body) => ({ ...body, max_tokens: 512 }) });
    const mutated = new LLM({
      baseURL: 'https://x.test',
      model: 'm',
      customFetch,
      transformRequestBody: (body) => {
        delete body.parallel_tool_calls;
        return undefined;
      },
    });
    const result = await replaced.invoke(USER, macroTool().tools, undefined, OPTIONS);
    await mutated.invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(customFetch.requests[0]!.body.max_tokens).toBe(512);
    expect(result.rawRequest).toMatchObject({ max_tokens: 512 });
    expect(customFetch.requests[1]!.body).not.toHaveProperty('parallel_tool_calls');
  });

  it('reads globalThis.fetch at call time, so a later stub is used', async () => {
    const llm = new LLM({ baseURL: 'https://x.test', model: 'm' });
    const fetchStub = stubFetch(DONE_REPLY());
    vi.stubGlobal('fetch', fetchStub);
    await llm.invoke(USER, macroTool().tools, undefined, OPTIONS);
    expect(fetchStub.requests).toHaveLength(1);
  });

  it('never touches document or window', async () => {
    const touched: string[] = [];
    for (const name of ['document', 'window']) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => {
          touched.push(name);
          return undefined;
        },
      });
    }
    try {
      const customFetch = stubFetch(jsonResponse({}, 500), DONE_REPLY());
      const llm = new LLM({ baseURL: 'https://x.test', model: 'qwen-plus', customFetch, retryDelay: 1 });
      await llm.invoke(USER, macroTool().tools, undefined, OPTIONS);
    } finally {
      delete (globalThis as Record<string, unknown>).document;
      delete (globalThis as Record<string, unknown>).window;
    }
    expect(touched).toEqual([]);
  });
});
