// Shared builders for the LLM client's unit tests: the agent-like macro tool, tools, fixtures, fetch stubs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { MacroToolSpec, Tool } from '../../../src/llm/index.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/llm');

/** A recorded raw reply from test/fixtures/llm/. */
export function fixture(name: string): any {
  return JSON.parse(readFileSync(resolve(FIXTURES, name), 'utf8'));
}

/** Action schemas shaped like the agent's built-in tools. */
export const ACTIONS = {
  done: z.object({ text: z.string(), success: z.boolean().default(true) }),
  wait: z.object({ seconds: z.number().min(0).max(10).default(1) }),
  click_element_by_index: z.object({ index: z.number().int().min(0) }),
  input_text: z.object({ index: z.number().int().min(0), text: z.string() }),
  scroll: z.object({ down: z.boolean().default(true), num_pages: z.number().default(1), index: z.number().int().optional() }),
} satisfies Record<string, z.ZodType>;

/** The macro spec passed with InvokeOptions. */
export const MACRO: MacroToolSpec = { actions: ACTIONS };

const macroSchema = z.object({
  evaluation_previous_goal: z.string().optional(),
  memory: z.string().optional(),
  next_goal: z.string().optional(),
  action: z.union(Object.entries(ACTIONS).map(([name, schema]) => z.object({ [name]: schema })) as any),
});

/** An AgentOutput tool whose execute records its input and echoes it back. */
export function macroTool(): { tools: Record<string, Tool>; calls: unknown[] } {
  const calls: unknown[] = [];
  const tool: Tool = {
    description: 'Call this every step',
    inputSchema: macroSchema,
    execute: async (args) => {
      calls.push(args);
      return { ok: true, args };
    },
  };
  return { tools: { AgentOutput: tool }, calls };
}

/** A completion body with one tool call. */
export function toolCallBody(name: string, args: unknown, usage: Record<string, unknown> = {}): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } }] },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, ...usage },
  };
}

/** A fetch stub answering each call with the next reply; records the requests it saw. */
export function stubFetch(...replies: Array<Response | (() => Response | Promise<Response>) | Error>): typeof fetch & { requests: Array<{ url: string; init: RequestInit; body: any }> } {
  const requests: Array<{ url: string; init: RequestInit; body: any }> = [];
  const stub = (async (url: string, init: RequestInit) => {
    requests.push({ url: String(url), init, body: JSON.parse(String(init.body)) });
    const next = replies.shift();
    if (!next) throw new Error('stubFetch: no reply left');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  }) as any;
  stub.requests = requests;
  return stub;
}

/** A JSON Response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export const USER: Array<{ role: 'system' | 'user'; content: string }> = [
  { role: 'system', content: 'You operate a web page.' },
  { role: 'user', content: 'Click the submit button.' },
];
