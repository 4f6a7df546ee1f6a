// @vitest-environment node
// Users may write tool schemas with zod/mini; the client must convert, repair and validate them too.
// zod/mini has no `~standard.jsonSchema`, so its JSON Schema is read from the definition.
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { parseReply } from '../../../src/llm/parse-reply.js';
import { toolToJSONSchema, type Tool } from '../../../src/llm/index.js';
import { fixture } from './helpers.js';

const asSchema = (schema: unknown) => schema as Tool['inputSchema'];
const click = zm.object({ index: zm.number() });
const done = zm.object({ text: zm.string(), success: zm._default(zm.boolean(), true) });
const macroSchema = zm.object({
  next_goal: zm.optional(zm.string()),
  action: zm.union([zm.object({ click_element_by_index: click }), zm.object({ done })]),
});
const tools: Record<string, Tool> = { AgentOutput: { inputSchema: asSchema(macroSchema), execute: async (args) => args } };
const OPTIONS = { toolChoiceName: 'AgentOutput', macro: { actions: { click_element_by_index: asSchema(click), done: asSchema(done) } } };

describe('zod/mini schemas', () => {
  it('convert to JSON Schema with defaults optional', () => {
    expect(toolToJSONSchema(asSchema(done))).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, success: { type: 'boolean', default: true } },
      required: ['text'],
    });
  });

  it('are read from their definition: zod’s JSON Schema for the kinds tool arguments use, a simpler one for the rest', () => {
    expect((done['~standard'] as { jsonSchema?: unknown }).jsonSchema).toBeUndefined();
    expect(toolToJSONSchema(asSchema(zm.object({ n: zm.optional(zm.nullable(zm.int().check(zm.maximum(5)))) })))).toEqual({
      type: 'object',
      // zod writes `{ type: ['integer', 'null'], maximum: 5 }`.
      properties: { n: { anyOf: [{ type: 'integer', maximum: 5 }, { type: 'null' }] } },
    });
  });

  it('are repaired and validated like classic zod (cases 6 and 10)', () => {
    const primitive = parseReply(fixture('case-06-primitive-action.json'), tools, OPTIONS, () => {});
    expect(primitive.args).toEqual({ next_goal: 'Click the Submit button.', action: { click_element_by_index: { index: 12 } } });
    const reply = fixture('case-05-bare-action.json');
    reply.choices[0].message.tool_calls[0].function.arguments = '{"action":{"click_element_by_index":{"index":"4"}}}';
    expect(parseReply(reply, tools, OPTIONS, () => {}).args).toEqual({ action: { click_element_by_index: { index: 4 } } });
  });
});
