// @vitest-environment node
// The numbered response-repair cases, each on a recorded raw reply from test/fixtures/llm/.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LLMError } from '../../../src/llm/index.js';
import { parseReply } from '../../../src/llm/parse-reply.js';
import { fixture, MACRO, macroTool } from './helpers.js';

const REFLECTION = {
  evaluation_previous_goal: 'The form is visible. Verdict: Success',
  memory: 'On the signup form.',
  next_goal: 'Click the Submit button.',
};
const CLICK_12 = { click_element_by_index: { index: 12 } };
const OPTIONS = { toolChoiceName: 'AgentOutput', macro: MACRO };

function parseFixture(name: string, debug = vi.fn()) {
  const { tools } = macroTool();
  return { ...parseReply(fixture(name), tools, OPTIONS, debug), debug };
}

function parseError(name: string): LLMError {
  const { tools } = macroTool();
  try {
    parseReply(fixture(name), tools, OPTIONS, () => {});
  } catch (error) {
    return error as LLMError;
  }
  throw new Error(`${name} parsed without error`);
}

const cases = (repairs: Array<{ case: number }>) => repairs.map((r) => r.case);

describe('response repair', () => {
  it.each(['case-01-content-plain.json', 'case-01-content-fenced.json', 'case-01-content-prose.json'])(
    'case 1: reads the call from JSON in content (%s)',
    (name) => {
      const { name: tool, args, repairs, debug } = parseFixture(name);
      expect(tool).toBe('AgentOutput');
      expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
      expect(cases(repairs)).toContain(1);
      expect(debug).toHaveBeenCalledWith(expect.stringMatching(/^repair #1: /), undefined);
    },
  );

  it.each(['case-02-name-arguments.json', 'case-02-type-function.json'])('case 2: unwraps a function-call wrapper (%s)', (name) => {
    const { args, repairs } = parseFixture(name);
    expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
    expect(cases(repairs)).toContain(2);
  });

  it('case 3: wraps an inner tool called directly into the macro', () => {
    const { name, args, repairs } = parseFixture('case-03-inner-tool.json');
    expect(name).toBe('AgentOutput');
    expect(args).toEqual({ action: CLICK_12 });
    expect(cases(repairs)).toEqual([3]);
  });

  it('case 4: peels arguments encoded as a string twice', () => {
    const { args, repairs } = parseFixture('case-04-double-encoded.json');
    expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
    expect(cases(repairs)).toEqual([4]);
  });

  it('case 5: wraps a bare action that has no reflection fields', () => {
    const { args, repairs } = parseFixture('case-05-bare-action.json');
    expect(args).toEqual({ action: CLICK_12 });
    expect(cases(repairs)).toEqual([5]);
  });

  it('case 6: puts a primitive action value into the tool’s one required field', () => {
    const { args, repairs } = parseFixture('case-06-primitive-action.json');
    expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
    expect(cases(repairs)).toEqual([6]);
  });

  it('case 7: a missing action is an invalid_tool_args error with a note, never a silent wait', () => {
    const error = parseError('case-07-missing-action.json');
    expect(error).toBeInstanceOf(LLMError);
    expect(error.kind).toBe('invalid_tool_args');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('no `action`');
    expect(error.message).toContain('click_element_by_index');
    expect(error.note).toMatch(/Put exactly one tool in `action`/);
  });

  it('case 8: matches tool names written in the wrong case', () => {
    const { name, args, repairs } = parseFixture('case-08-wrong-case.json');
    expect(name).toBe('AgentOutput');
    expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
    expect(cases(repairs)).toEqual([8, 8]);
  });

  it('case 9: takes the first action of an array', () => {
    const { args, repairs, debug } = parseFixture('case-09-action-array.json');
    expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
    expect(cases(repairs)).toEqual([9]);
    expect(debug).toHaveBeenCalledWith('repair #9: action was an array of 2; using the first', undefined);
  });

  it('case 10: coerces numbers and booleans sent with the wrong JSON type', () => {
    const { args, repairs } = parseFixture('case-10-string-scalars.json');
    expect(args).toEqual({ ...REFLECTION, action: { input_text: { index: 7, text: '42' } } });
    expect(cases(repairs)).toEqual([10, 10]);
  });

  it('case 10: coerces "true"/"false" to booleans in a plain tool', () => {
    const tools = { toggle: { inputSchema: z.object({ on: z.boolean(), level: z.number() }), execute: async () => null } };
    const reply = fixture('case-03-inner-tool.json');
    reply.choices[0].message.tool_calls[0].function = { name: 'toggle', arguments: '{"on":"False","level":"2.5"}' };
    const parsed = parseReply(reply, tools, {}, () => {});
    expect(parsed.args).toEqual({ on: false, level: 2.5 });
    expect(cases(parsed.repairs)).toEqual([10, 10]);
  });

  it('case 2: unwraps a {name, arguments} wrapper written inside the real call’s arguments', () => {
    const { args, repairs } = parseFixture('case-02-wrapper-in-arguments.json');
    expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
    expect(cases(repairs)).toEqual([2]);
  });

  it('case 5: moves a top-level action next to reflection fields into `action`', () => {
    const { args, repairs } = parseFixture('case-05-top-level-with-reflection.json');
    expect(args).toEqual({ ...REFLECTION, action: CLICK_12 });
    expect(cases(repairs)).toEqual([5]);
  });

  it('case 6: reads a bare tool name as that tool with its defaults', () => {
    const { args, repairs } = parseFixture('case-06-bare-tool-name.json');
    expect(args).toEqual({ ...REFLECTION, action: { wait: { seconds: 1 } } });
    expect(cases(repairs)).toEqual([6]);
  });

  it('case 9: uses the first of several tool calls (each an inner tool)', () => {
    const { args, repairs } = parseFixture('case-09-two-tool-calls.json');
    expect(args).toEqual({ action: CLICK_12 });
    expect(cases(repairs)).toEqual([9, 3]);
  });

  it('case 4: parses an action input sent as a JSON string', () => {
    const { tools } = macroTool();
    const reply = fixture('case-05-bare-action.json');
    reply.choices[0].message.tool_calls[0].function.arguments = JSON.stringify({ action: { click_element_by_index: '{"index": 12}' } });
    const parsed = parseReply(reply, tools, OPTIONS, () => {});
    expect(parsed.args).toEqual({ action: CLICK_12 });
    expect(cases(parsed.repairs)).toEqual([4]);
  });

  it('case 7: an empty action object is missing too', () => {
    const { tools } = macroTool();
    const reply = fixture('case-05-bare-action.json');
    reply.choices[0].message.tool_calls[0].function.arguments = JSON.stringify({ action: {} });
    expect(() => parseReply(reply, tools, OPTIONS, () => {})).toThrow(expect.objectContaining({ kind: 'invalid_tool_args', message: expect.stringContaining('had no `action`') }));
  });

  it('leaves a well-formed reply untouched and logs nothing', () => {
    const debug = vi.fn();
    const { tools } = macroTool();
    const reply = fixture('case-06-primitive-action.json');
    reply.choices[0].message.tool_calls[0].function.arguments = JSON.stringify({ ...REFLECTION, action: CLICK_12 });
    const parsed = parseReply(reply, tools, OPTIONS, debug);
    expect(parsed.repairs).toEqual([]);
    expect(debug).not.toHaveBeenCalled();
  });
});

describe('validation after repair', () => {
  it('names the tool and the field and lists the available tools', () => {
    const error = parseError('invalid-field.json');
    expect(error.kind).toBe('invalid_tool_args');
    expect(error.message).toContain('"input_text"');
    expect(error.message).toContain('field "text"');
    expect(error.message).toContain('Available tools: done, wait, click_element_by_index, input_text, scroll');
    expect(error.note).toContain('input_text');
  });

  it('validates through Standard Schema and keeps the issues as the raw error', () => {
    const error = parseError('invalid-field.json');
    expect((error.rawError as { issues: Array<{ path: unknown[]; code: string }> }).issues[0]).toMatchObject({ path: ['text'], code: 'invalid_type' });
  });

  it('refuses a tool schema that validates asynchronously, naming the tool', () => {
    const tools = { slow: { inputSchema: z.object({ a: z.string().refine(async () => true) }), execute: async () => null } };
    const reply = fixture('case-03-inner-tool.json');
    reply.choices[0].message.tool_calls[0].function = { name: 'slow', arguments: '{"a":"x"}' };
    expect(() => parseReply(reply, tools, {}, () => {})).toThrow(new TypeError('The input schema of tool "slow" must validate synchronously.'));
  });

  it('rejects an unknown action, listing the available tools', () => {
    const error = parseError('unknown-action.json');
    expect(error.kind).toBe('invalid_tool_args');
    expect(error.message).toBe('Unknown tool "press_key" in action. Available tools: done, wait, click_element_by_index, input_text, scroll.');
  });

  it('reports a reply without any tool call as no_tool_call with a note naming the tool', () => {
    const error = parseError('no-tool-call-prose.json');
    expect(error.kind).toBe('no_tool_call');
    expect(error.note).toContain('`AgentOutput`');
  });

  it('says when arguments were cut off at the token limit', () => {
    const error = parseError('truncated-args.json');
    expect(error.kind).toBe('invalid_tool_args');
    expect(error.message).toContain('cut off at the token limit');
  });

  it('maps finish_reason content_filter to a content_filter error', () => {
    expect(parseError('content-filter-finish.json').kind).toBe('content_filter');
  });

  it('fills defaults of the action schema (done.success)', () => {
    const { tools } = macroTool();
    const reply = fixture('case-05-bare-action.json');
    reply.choices[0].message.tool_calls[0].function.arguments = '{"action":{"done":{"text":"ok"}}}';
    expect(parseReply(reply, tools, OPTIONS, () => {}).args).toEqual({ action: { done: { text: 'ok', success: true } } });
  });

  it('runs a user normalizeResponse before parsing', () => {
    const { tools } = macroTool();
    const normalizeResponse = vi.fn((response: any) => {
      response.choices[0].message.tool_calls[0].function.arguments = JSON.stringify({ action: CLICK_12 });
      return response;
    });
    const parsed = parseReply(fixture('case-07-missing-action.json'), tools, { ...OPTIONS, normalizeResponse }, () => {});
    expect(normalizeResponse).toHaveBeenCalledOnce();
    expect(parsed.args).toEqual({ action: CLICK_12 });
  });
});

describe('debug logging of repairs', () => {
  const recorded = readdirSync(resolve(import.meta.dirname, '../../fixtures/llm'))
    .filter((name) => /^case-\d+-.*\.json$/.test(name))
    .sort()
    .map((name) => [name, Number(/^case-(\d+)/.exec(name)![1])] as const);

  it('has a recorded reply for every numbered case', () => {
    expect(new Set(recorded.map(([, n]) => n))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
  });

  it.each(recorded)('%s logs "repair #%i" at debug level', (name, n) => {
    const debug = vi.fn();
    const { tools } = macroTool();
    try {
      parseReply(fixture(name), tools, OPTIONS, debug);
    } catch (error) {
      // Case 7 refuses the reply (no action is made up); it is still logged before the error.
      if (n !== 7) throw error;
      expect(error).toBeInstanceOf(LLMError);
    }
    const messages = debug.mock.calls.map(([message]) => String(message));
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^repair #${n}: \\S`)));
  });
});
