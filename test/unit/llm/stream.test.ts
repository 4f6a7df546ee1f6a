// Streamed replies in the LLM client: the body is read as it arrives (lines and UTF-8 characters
// split across network chunks), onStream sees the arguments so far, the whole stream is folded into
// one completion (usage included); and what the panel shows of a partial AgentOutput call.
import { describe, expect, it } from 'vitest';
import { LLM } from '../../../src/llm/index.js';
import { streamedGoal } from '../../../src/tools/index.js';
import { MACRO, macroTool } from './helpers.js';

const USER = [{ role: 'user' as const, content: 'go' }];

/** A fetch whose reply is an SSE body delivered in the given network chunks (bytes cut anywhere). */
function sseFetch(body: string, cuts: number[]) {
  const bytes = new TextEncoder().encode(body);
  const requests: any[] = [];
  const fetch = async (_url: unknown, init: any) => {
    requests.push(JSON.parse(init.body));
    let at = 0;
    const parts = [...cuts, bytes.length].map((end) => {
      const part = bytes.slice(at, end);
      at = end;
      return part;
    });
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const ARGS = JSON.stringify({ evaluation_previous_goal: 'Löst ✓', memory: '', next_goal: 'Klick „Weiter“', action: { done: { text: 'fertig', success: true } } });
const event = (data: object) => `data: ${JSON.stringify(data)}\n\n`;
const SSE =
  ': keep-alive\n\n' +
  event({ choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'AgentOutput', arguments: '' } }] } }] }) +
  [0, 10, 25, 40, 60].map((at, i, all) => event({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ARGS.slice(at, all[i + 1]) } }] } }] })).join('') +
  event({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }) +
  event({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } }) +
  'data: [DONE]\n\n';

describe('streamed replies', () => {
  it('reads the stream as it arrives, whatever the chunk boundaries, and folds it into one reply with usage', async () => {
    // Cuts in the middle of lines and of multi-byte characters.
    const bytes = new TextEncoder().encode(SSE).length;
    const cuts = Array.from({ length: 40 }, (_, i) => Math.floor(((i + 1) * bytes) / 41));
    const { fetch, requests } = sseFetch(SSE, cuts);
    const seen: string[] = [];
    const { tools, calls } = macroTool();
    const llm = new LLM({ baseURL: 'http://llm.test/v1', model: 'm', customFetch: fetch });
    const result = await llm.invoke(USER, tools, undefined, { toolChoiceName: 'AgentOutput', macro: MACRO, onStream: (text) => seen.push(text) });
    expect(requests[0].stream).toBe(true);
    expect(requests[0].stream_options).toEqual({ include_usage: true });
    expect(seen.length).toBeGreaterThan(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.startsWith(seen[i - 1]!)).toBe(true);
    expect(seen[seen.length - 1]).toBe(ARGS);
    expect(calls[0]).toEqual(JSON.parse(ARGS));
    expect(result.usage.totalTokens).toBe(18);
  });

  it('stops showing a reply past 50,000 characters and still reads all of it', async () => {
    const args = JSON.stringify({ evaluation_previous_goal: 'ok', memory: 'm'.repeat(80_000), next_goal: 'go', action: { done: { text: 'x', success: true } } });
    const sse =
      event({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'AgentOutput', arguments: '' } }] } }] }) +
      Array.from({ length: Math.ceil(args.length / 1000) }, (_, i) => event({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(i * 1000, i * 1000 + 1000) } }] } }] })).join('');
    const bytes = new TextEncoder().encode(sse).length;
    const { fetch } = sseFetch(sse, Array.from({ length: 99 }, (_, i) => Math.floor(((i + 1) * bytes) / 100)));
    const seen: string[] = [];
    const { tools, calls } = macroTool();
    const llm = new LLM({ baseURL: 'http://llm.test/v1', model: 'm', customFetch: fetch });
    await llm.invoke(USER, tools, undefined, { toolChoiceName: 'AgentOutput', macro: MACRO, onStream: (text) => seen.push(text) });
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.length).toBeLessThan(60);
    expect(Math.max(...seen.map((text) => text.length))).toBeLessThan(50_000);
    expect((calls[0] as any).memory).toHaveLength(80_000);
  });

  it('does not ask for a stream without onStream', async () => {
    const { fetch, requests } = sseFetch(SSE, []);
    const llm = new LLM({ baseURL: 'http://llm.test/v1', model: 'm', customFetch: fetch });
    await llm.invoke(USER, macroTool().tools, undefined, { toolChoiceName: 'AgentOutput', macro: MACRO });
    expect(requests[0].stream).toBeUndefined();
  });
});

describe('streamedGoal', () => {
  const full = '{"evaluation_previous_goal": "The form is open", "memory": "a", "next_goal": "Type the \\"title\\"\\n now", "action": {}}';

  it('shows the evaluation, then the next goal once it starts, unescaped', () => {
    expect(streamedGoal('{"evaluation_previous_goal": "The fo')).toBe('The fo');
    expect(streamedGoal('{"evaluation_previous_goal": "The form is open", "memory": "secret notes')).toBe('The form is open');
    expect(streamedGoal(full.slice(0, full.indexOf('\\"title')))).toBe('Type the ');
    expect(streamedGoal(full)).toBe('Type the "title"\n now');
  });

  it('keeps the text before a cut escape, and says nothing before a field', () => {
    expect(streamedGoal('{"next_goal": "Go \\u00')).toBe('');
    expect(streamedGoal('{"evaluation_previous_goal": "ok", "next_goal": "Go \\u00')).toBe('ok');
    expect(streamedGoal('{"next_goal": "Go \\')).toBe('Go ');
    expect(streamedGoal('{"memory": "only memory')).toBe('');
  });
});
