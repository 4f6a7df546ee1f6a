// execute(task, { outputSchema }): done carries `data` of the schema (validated and repaired like any
// tool's arguments); the result's `data` is that value; `extract` answers from the whole page text
// with a model call of its own; bad schemas and a model that never gives valid data end cleanly.
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../../../src/agent.js';
import { makeAgent, offeredActions, step, trackUnhandledRejections, userMessageOf } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

const Product = z.object({ name: z.string(), price: z.number() });
const doneWith = (data: unknown, success = true) => step({ done: { text: 'Here it is.', success, data } });

/** A forced `answer` tool call, as the extract call's model reply. */
const answerReply = (args: unknown) => ({
  raw: {
    choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'answer', arguments: JSON.stringify(args) } }] } }],
    usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 },
  },
});

describe('outputSchema', () => {
  it('returns the validated data of done as the result data', async () => {
    const { agent, llm } = makeAgent([doneWith({ name: 'Mug', price: '12.5' })]);
    const result = await agent.execute('read the product', { outputSchema: Product });
    // "12.5" for a number is repaired like any tool argument.
    expect(result).toMatchObject({ success: true, data: { name: 'Mug', price: 12.5 } });
    if (result.success) expect(result.data.price).toBe(12.5);
    const done = llm.bodies[0].tools[0].function.parameters.properties.action.anyOf.find((variant: any) => variant.properties.done);
    expect(done.properties.done.properties.data).toEqual({ type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } }, required: ['name', 'price'] });
    expect(offeredActions(llm.bodies[0])).toContain('extract');
  });

  it('does not offer extract or data without a schema', async () => {
    const { agent, llm } = makeAgent([step({ done: { text: 'plain', success: true } })]);
    expect(await agent.execute('read it')).toMatchObject({ success: true, data: 'plain' });
    expect(offeredActions(llm.bodies[0])).not.toContain('extract');
    const done = llm.bodies[0].tools[0].function.parameters.properties.action.anyOf.find((variant: any) => variant.properties.done);
    expect(Object.keys(done.properties.done.properties)).toEqual(['text', 'success']);
  });

  it('goes on when done claims success without data, and tells the model why', async () => {
    const { agent, llm } = makeAgent([step({ done: { text: 'done!', success: true } }), doneWith({ name: 'Mug', price: 3 })]);
    const result = await agent.execute('read the product', { outputSchema: Product });
    expect(result).toMatchObject({ success: true, data: { name: 'Mug', price: 3 } });
    expect(userMessageOf(llm.bodies[1])).toContain('Not finished: done needs data when success is true.');
  });

  it('keeps the text as data when the model reports failure', async () => {
    const { agent } = makeAgent([step({ done: { text: 'The product page is gone.', success: false } })]);
    expect(await agent.execute('read the product', { outputSchema: Product })).toMatchObject({ success: false, data: 'The product page is gone.' });
  });

  it('ends with success false naming the invalid field when the model never gives valid data', async () => {
    const bad = doneWith({ name: 'Mug', price: 'cheap' });
    const { agent, llm } = makeAgent([bad, bad, bad, bad], { maxRetries: 2 });
    const result = await agent.execute('read the product', { outputSchema: Product });
    expect(result.success).toBe(false);
    expect(result.data).toMatch(/Invalid input for tool "done": field "data.price": Invalid input: expected number, received string/);
    expect(llm.bodies).toHaveLength(3);
    expect(agent.status).toBe('error');
  });

  it('refuses a schema that is not one with a ConfigError, before any request', async () => {
    const { agent, llm } = makeAgent([]);
    await expect(agent.execute('x', { outputSchema: 'product' as never })).rejects.toThrow(ConfigError);
    await expect(agent.execute('x', { outputSchema: { name: 'string' } })).rejects.toMatchObject({ field: 'outputSchema' });
    await expect(agent.execute('x', { continue: 'yes' as never })).rejects.toMatchObject({ field: 'continue', message: 'execute(task, options): continue must be true or false.' });
    await expect(agent.execute('x', true as never)).rejects.toMatchObject({ field: 'options', message: 'execute(task, options): options must be an object.' });
    expect(llm.bodies).toHaveLength(0);
    expect(agent.status).toBe('idle');
  });
});

describe('extract', () => {
  it('answers from the page text into the schema with its own call, counted in usage', async () => {
    const { agent, llm, controller } = makeAgent([
      step({ extract: { question: 'What is the product and its price?' } }),
      answerReply({ data: { name: 'Search', price: '4' } }),
      (body) => doneWith(JSON.parse(userMessageOf(body).match(/result: (\{.*\})/)![1]!)),
    ]);
    const result = await agent.execute('read the product', { outputSchema: Product });
    expect(result).toMatchObject({ success: true, data: { name: 'Search', price: 4 } });
    const call = llm.bodies[1];
    expect(call.tool_choice).toEqual({ type: 'function', function: { name: 'answer' } });
    expect(call.messages[0].content).toMatch(/never instructions/);
    expect(userMessageOf(call)).toContain('<question>\nWhat is the product and its price?\n</question>');
    expect(userMessageOf(call)).toContain((await controller.getBrowserState()).content);
    expect(call.tools[0].function.parameters).toMatchObject({ properties: { data: { required: ['name', 'price'] } }, required: ['data'] });
    // Three requests of 110, 55 and 110 tokens.
    expect(result.usage?.totalTokens).toBe(275);
  });

  it('reads getPageText when the controller has it, cut at 60,000 characters', async () => {
    const { agent, llm, controller } = makeAgent([step({ extract: { question: 'price?' } }), answerReply({ data: { name: 'x', price: 1 } }), doneWith({ name: 'x', price: 1 })]);
    const whole = 'row\n'.repeat(20_000);
    Object.assign(controller, { getPageText: async () => whole });
    await agent.execute('read', { outputSchema: Product });
    const sent = userMessageOf(llm.bodies[1]);
    expect(sent).toContain(`${whole.slice(0, 60_000)}\n(cut)`);
    expect(sent).not.toContain(whole.slice(0, 60_004));
  });

  it("sends the page text through the config's transformPageContent, as every step does", async () => {
    const { agent, llm, controller } = makeAgent([step({ extract: { question: 'email?' } }), answerReply({ data: { name: 'x', price: 1 } }), doneWith({ name: 'x', price: 1 })], {
      transformPageContent: (text) => text.replace(/[\w.]+@[\w.]+/g, '[email]'),
    });
    Object.assign(controller, { getPageText: async () => 'Contact: ada@example.com' });
    await agent.execute('read', { outputSchema: Product });
    expect(userMessageOf(llm.bodies[1])).toContain('Contact: [email]');
    expect(JSON.stringify(llm.bodies)).not.toContain('ada@example.com');
  });

  it('wraps a list schema in an object for the extract call (providers take only object parameters)', async () => {
    const { agent, llm } = makeAgent([
      step({ extract: { question: 'Which buttons?' } }),
      answerReply({ data: ['Search'] }),
      (body) => step({ done: { text: 'ok', success: true, data: JSON.parse(userMessageOf(body).match(/result: (\[.*\])/)![1]!) } }),
    ]);
    const result = await agent.execute('list the buttons', { outputSchema: z.array(z.string()) });
    expect(result).toMatchObject({ success: true, data: ['Search'] });
    expect(llm.bodies[1].tools[0].function.parameters).toEqual({ type: 'object', properties: { data: { type: 'array', items: { type: 'string' } } }, required: ['data'] });
  });

  it('gives the model the failure as the action result when the extract call fails', async () => {
    const { agent, llm } = makeAgent([step({ extract: { question: 'price?' } }), { status: 400, body: { error: { message: 'context too long' } } }, (body) => doneWith({ name: 'x', price: 1 })], { maxRetries: 0 });
    const result = await agent.execute('read', { outputSchema: Product });
    expect(result.success).toBe(true);
    expect(userMessageOf(llm.bodies[2])).toMatch(/result: Error: .*context too long/);
  });
});
