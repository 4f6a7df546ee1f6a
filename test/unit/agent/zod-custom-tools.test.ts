// Users' custom tools keep their classic `zod` and `zod/mini` schemas (the bundle has no zod of its
// own): through a whole run with a scripted fetch, the model is shown their JSON Schema, their
// arguments are coerced and validated by their own zod, and a bad call is retried naming the field.
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { tool } from '../../../src/agent.js';
import { done, makeAgent, step, trackUnhandledRejections } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

/** The tools a test run offers: one classic zod tool, one zod/mini tool; each records what it received. */
function customTools() {
  const received: Array<{ tool: string; args: unknown }> = [];
  const lookup = tool({
    description: 'Look up a product by SKU',
    inputSchema: z.object({ sku: z.string().min(3).describe('the SKU printed on the label'), qty: z.number().int().default(1) }),
    async execute(args) {
      expectTypeOf(args).toEqualTypeOf<{ sku: string; qty: number }>();
      received.push({ tool: 'lookup', args });
      return `found ${args.sku} x${args.qty}`;
    },
  });
  const pick = tool({
    description: 'Pick a colour',
    inputSchema: zm.object({ colour: zm.enum(['red', 'blue']), note: zm.optional(zm.string()) }),
    async execute(args) {
      received.push({ tool: 'pick', args });
      return `picked ${args.colour}`;
    },
  });
  return { received, tools: { lookup, pick } };
}

/** The `action` variant of one tool in a request body's AgentOutput schema. */
function variantOf(body: any, name: string): any {
  return body.tools[0].function.parameters.properties.action.anyOf.find((variant: any) => variant.properties[name]);
}

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('custom tools with zod schemas', () => {
  it('shows the model their JSON Schema, descriptions and defaults included', async () => {
    const { tools } = customTools();
    const { agent, llm } = makeAgent([done()], { customTools: tools });
    await agent.execute('task');
    expect(variantOf(llm.bodies[0], 'lookup')).toEqual({
      type: 'object',
      properties: {
        lookup: {
          type: 'object',
          properties: { sku: { type: 'string', minLength: 3, description: 'the SKU printed on the label' }, qty: { default: 1, type: 'integer' } },
          required: ['sku'],
        },
      },
      required: ['lookup'],
      description: 'Look up a product by SKU',
    });
    expect(variantOf(llm.bodies[0], 'pick').properties.pick).toEqual({
      type: 'object',
      properties: { colour: { type: 'string', enum: ['red', 'blue'] }, note: { type: 'string' } },
      required: ['colour'],
    });
  });

  it('runs them with what their own zod parsed: coerced scalars, defaults, dropped extras', async () => {
    const { tools, received } = customTools();
    const { agent } = makeAgent([step({ lookup: { sku: 'ABC-1', qty: '2', extra: true } }), step({ pick: { colour: 'blue' } }), step({ lookup: { sku: 'XYZ' } }), done()], {
      customTools: tools,
    });
    const result = await agent.execute('task');
    expect(received).toEqual([
      { tool: 'lookup', args: { sku: 'ABC-1', qty: 2 } },
      { tool: 'pick', args: { colour: 'blue' } },
      { tool: 'lookup', args: { sku: 'XYZ', qty: 1 } },
    ]);
    expect(result.history.slice(0, 3)).toMatchObject([{ action: { output: 'found ABC-1 x2' } }, { action: { output: 'picked blue' } }, { action: { output: 'found XYZ x1' } }]);
  });

  it('retries a bad call with a note naming the tool and the field, for classic zod and zod/mini', async () => {
    const { tools, received } = customTools();
    const { agent, llm } = makeAgent([step({ lookup: { sku: 'AB' } }), step({ lookup: { sku: 'ABC' } }), step({ pick: { colour: 'green' } }), step({ pick: { colour: 'red' } }), done()], {
      customTools: tools,
      maxRetries: 1,
    });
    await agent.execute('task');
    const noteOf = (body: any) => body.messages.at(-1).content as string;
    expect(noteOf(llm.bodies[1])).toContain('tool "lookup"');
    expect(noteOf(llm.bodies[1])).toContain('field "sku"');
    expect(noteOf(llm.bodies[1])).toContain('Too small: expected string to have >=3 characters');
    expect(noteOf(llm.bodies[3])).toContain('tool "pick"');
    expect(noteOf(llm.bodies[3])).toContain('field "colour"');
    expect(received.map((call) => call.args)).toEqual([{ sku: 'ABC', qty: 1 }, { colour: 'red' }]);
  });

  it('still coerces and checks the built-in tools beside them', async () => {
    const { tools } = customTools();
    const { agent, llm, controller } = makeAgent([step({ click_element_by_index: { index: '4' } }), step({ wait: { seconds: 60 } }), done()], { customTools: tools, maxRetries: 1 });
    await agent.execute('task');
    expect(controller.calls.find((call) => call.method === 'clickElement')).toMatchObject({ args: [4] });
    const note = llm.bodies[2].messages.at(-1).content as string;
    expect(note).toContain('tool "wait"');
    expect(note).toContain('field "seconds": Too big: expected number to be <=10');
  });
});
