// @vitest-environment node
// The built-in tools validate exactly as their zod/mini twins did: same accepted values, same parsed
// output, same issues (code, path, message, expected), for the tools alone and inside AgentOutput,
// with users' classic zod and zod/mini tools beside them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import type { PageAgentTool } from '../../../src/types.js';
import { buildAgentOutput, createBuiltInTools, createToolRegistry } from '../../../src/tools/index.js';
import { withTwins, zodAgentOutput, ZOD_TWINS } from '../tools/zod-twins.js';

// zod/mini alone has no locale (the bundle built on it told the model only "Invalid input"); classic
// zod installs English page-wide. Ours always words issues as zod's English locale does.
zm.config(zm.locales.en());

type Validatable = { '~standard': { validate(value: unknown): unknown } };

/** What a validation answers, in the terms both libraries share. */
function outcome(schema: unknown, input: unknown): unknown {
  const result = (schema as Validatable)['~standard'].validate(structuredClone(input)) as { value?: unknown; issues?: any[] };
  if (!result.issues) return { value: result.value };
  return { issues: result.issues.map(({ code, path, message, expected }) => ({ code, path, message, expected })) };
}

/** One valid input per built-in tool. */
const VALID: Record<string, Record<string, unknown>> = {
  done: { text: 'ok', success: false },
  wait: { seconds: 2 },
  ask_user: { question: 'Which size?' },
  click_element_by_index: { index: 3 },
  input_text: { index: 1, text: 'hi' },
  select_dropdown_option: { index: 2, text: 'Red' },
  scroll: { down: false, num_pages: 0.5, pixels: 300, index: 4 },
  scroll_horizontally: { right: false, pixels: 200, index: 1 },
  scroll_to_text: { text: 'Card 4987', nth: 2 },
  press_key: { key: 'Enter', index: 7 },
  hover_element: { index: 5 },
  execute_javascript: { script: 'return 1' },
};

const ODD_VALUES: unknown[] = [undefined, null, 0, -1, 1, 1.5, 10, 10.5, 11, 1e20, -1e20, Number.NaN, Infinity, '', '4', 'x', 'true', true, false, [], ['a'], {}, { a: 1 }];

/** Inputs that probe every key of a tool: each odd value in place of each key, each key left out, and non-objects. */
function probes(valid: Record<string, unknown>): unknown[] {
  const inputs: unknown[] = [valid, {}, null, undefined, 'x', 4, [], [valid], { ...valid, extra: 1 }];
  for (const key of Object.keys(valid)) {
    const { [key]: _left, ...without } = valid;
    inputs.push(without);
    for (const value of ODD_VALUES) inputs.push({ ...valid, [key]: value });
  }
  return inputs;
}

describe('built-in tool schemas against their zod/mini twins', () => {
  const tools = createBuiltInTools();

  it('has a valid sample and a twin for every built-in', () => {
    expect(Object.keys(VALID).sort()).toEqual([...tools.keys()].sort());
    expect(Object.keys(ZOD_TWINS).sort()).toEqual([...tools.keys()].sort());
  });

  for (const [name, valid] of Object.entries(VALID)) {
    it(`${name} accepts, fills in and refuses what zod did, with zod's issues`, () => {
      const schema = tools.get(name)!.inputSchema;
      const inputs = probes(valid);
      expect(inputs.length).toBeGreaterThan(20);
      for (const input of inputs) expect(outcome(schema, input), JSON.stringify(input)).toStrictEqual(outcome(ZOD_TWINS[name], input));
      expect(outcome(schema, valid)).toStrictEqual({ value: valid });
    });
  }
});

describe('AgentOutput against its zod/mini twin', () => {
  const customTools: Record<string, PageAgentTool> = {
    lookup: { description: 'Look up a SKU', inputSchema: z.object({ sku: z.string().min(3), qty: z.number().int().default(1) }), execute: async () => '' },
    pick: { description: 'Pick a colour', inputSchema: zm.object({ colour: zm.enum(['red', 'blue']), note: zm.optional(zm.nullable(zm.string())) }), execute: async () => '' },
  };
  const offered = createToolRegistry({ customTools });
  const ours = buildAgentOutput(offered).tools.AgentOutput!.inputSchema;
  const twin = zodAgentOutput(withTwins(offered));
  const reflection = { evaluation_previous_goal: 'ok', memory: 'm', next_goal: 'g' };

  const inputs: unknown[] = [
    { ...reflection, action: { click_element_by_index: { index: 2 } } },
    { action: { scroll: {} } },
    { action: { done: { text: 'x' } } },
    { action: { wait: { seconds: 60 } } },
    { action: { wait: { seconds: '3' } } },
    { action: { click_element_by_index: { index: 'first' } } },
    { action: { click_element_by_index: { index: 1.5 } } },
    { action: { lookup: { sku: 'ABC-1' } } },
    { action: { lookup: { sku: 'AB' } } },
    { action: { lookup: { sku: 7 } } },
    { action: { pick: { colour: 'red', note: null } } },
    { action: { pick: { colour: 'green' } } },
    { action: { unknown_tool: {} } },
    { action: {} },
    { action: null },
    { action: 'done' },
    { action: [{ done: { text: 'x' } }] },
    { ...reflection, memory: 5, action: { hover_element: { index: 3 } } },
    { ...reflection },
    {},
    null,
    'AgentOutput',
  ];

  for (const input of inputs) {
    it(`answers ${JSON.stringify(input)} as zod did`, () => {
      expect(outcome(ours, input)).toStrictEqual(outcome(twin, input));
    });
  }
});
