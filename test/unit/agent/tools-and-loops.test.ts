// The agent's tools in a run: customTools override and removal, ask_user present or absent (and
// back when a handler is set later), execute_javascript opt-in, throwing tools, and loop detection.
import { afterAll, describe, expect, it } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { z } from 'zod';
import { tool } from '../../../src/agent.js';
import { done, makeAgent, offeredActions, step, trackUnhandledRejections, userMessageOf } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

const click = (index: number) => step({ click_element_by_index: { index } });

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('customTools', () => {
  it('overrides a built-in by name and runs it with the agent as this', async () => {
    let seenThis: unknown;
    const custom = tool({
      description: 'custom click',
      inputSchema: z.object({ index: z.number() }),
      async execute(input) {
        seenThis = this;
        return `custom clicked ${input.index}`;
      },
    });
    const { agent, controller } = makeAgent([click(4), done()], { customTools: { click_element_by_index: custom } });
    const result = await agent.execute('task');
    expect(seenThis).toBe(agent);
    expect(controller.methods).not.toContain('clickElement');
    expect(result.history[0]).toMatchObject({ action: { output: 'custom clicked 4' } });
    expect(agent.tools.get('click_element_by_index')).toBe(custom);
  });

  it('removes a built-in with null, so the model is not offered it', async () => {
    const { agent, llm } = makeAgent([done()], { customTools: { scroll: null, wait: null } });
    await agent.execute('task');
    expect(agent.tools.has('scroll')).toBe(false);
    expect(offeredActions(llm.bodies[0])).not.toContain('scroll');
    expect(offeredActions(llm.bodies[0])).not.toContain('wait');
    expect(offeredActions(llm.bodies[0])).toContain('click_element_by_index');
  });

  it('adds a new tool the model can call', async () => {
    const total = tool({ description: 'Read the cart total', inputSchema: z.object({}), execute: async () => '42.00 EUR' });
    const { agent, llm } = makeAgent([step({ cart_total: {} }), done('42')], { customTools: { cart_total: total } });
    const result = await agent.execute('what is the total?');
    expect(offeredActions(llm.bodies[0])).toContain('cart_total');
    expect(result.history[0]).toMatchObject({ action: { name: 'cart_total', output: '42.00 EUR' } });
  });

  it('gives a throwing tool’s message to the model as the result and goes on', async () => {
    const flaky = tool({
      description: 'fails',
      inputSchema: z.object({}),
      execute: async () => {
        throw new Error('inventory service unavailable');
      },
    });
    const { agent, llm } = makeAgent([step({ flaky: {} }), done('gave up on inventory', false)], { customTools: { flaky } });
    const result = await agent.execute('task');
    expect(result.history[0]).toMatchObject({ action: { output: 'Error: inventory service unavailable' } });
    expect(userMessageOf(llm.bodies[1])).toContain('result: Error: inventory service unavailable');
    expect(result).toMatchObject({ success: false, data: 'gave up on inventory' });
    expect(agent.status).toBe('completed');
  });
});

describe('ask_user', () => {
  it('is not offered without onAskUser', async () => {
    const { agent, llm } = makeAgent([done()]);
    await agent.execute('task');
    expect(offeredActions(llm.bodies[0])).not.toContain('ask_user');
  });

  it('is offered with onAskUser, asks through it and emits an asking activity', async () => {
    const { agent, llm, activities } = makeAgent([step({ ask_user: { question: 'Which size?' } }), done()]);
    agent.onAskUser = async (question) => (question === 'Which size?' ? 'M' : '?');
    const result = await agent.execute('buy a shirt');
    expect(offeredActions(llm.bodies[0])).toContain('ask_user');
    expect(result.history[0]).toMatchObject({ action: { output: 'The user answered: M' } });
    expect(activities('asking')).toEqual([{ type: 'asking', question: 'Which size?' }]);
  });

  it('comes back when a handler is set after a run without one', async () => {
    const { agent, llm } = makeAgent([done(), done()]);
    await agent.execute('first');
    agent.onAskUser = async () => 'yes';
    await agent.execute('second');
    expect(offeredActions(llm.bodies[0])).not.toContain('ask_user');
    expect(offeredActions(llm.bodies[1])).toContain('ask_user');
    agent.onAskUser = undefined;
    expect(agent.onAskUser).toBeUndefined();
  });
});

describe('execute_javascript', () => {
  it('is offered only with experimentalScriptExecutionTool', async () => {
    const off = makeAgent([done()]);
    await off.agent.execute('task');
    expect(offeredActions(off.llm.bodies[0])).not.toContain('execute_javascript');
    const on = makeAgent([step({ execute_javascript: { script: 'return 1' } }), done()], { experimentalScriptExecutionTool: true });
    await on.agent.execute('task');
    expect(offeredActions(on.llm.bodies[0])).toContain('execute_javascript');
    expect(on.controller.methods).toContain('executeJavascript');
  });

  it('tells the model plainly when the page CSP forbids eval', async () => {
    const { agent, controller } = makeAgent([step({ execute_javascript: { script: 'return 1' } }), done()], { experimentalScriptExecutionTool: true });
    controller.onAction = () => ({
      success: false,
      message: "EvalError: Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source of script",
    });
    const warn = console.warn;
    console.warn = () => {};
    try {
      const result = await agent.execute('task');
      expect(result.history[0]).toMatchObject({ action: { output: expect.stringMatching(/Content Security Policy forbids evaluating scripts/) } });
    } finally {
      console.warn = warn;
    }
  });
});

describe('loop detection', () => {
  it('tells the model it is repeating itself after the same action three times on an unchanged page', async () => {
    const { agent, llm } = makeAgent([click(1), click(1), click(1), done()]);
    const result = await agent.execute('task');
    const notes = result.history.filter((e) => e.type === 'observation');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ content: expect.stringContaining('click_element_by_index {"index":1} 3 times') });
    expect(userMessageOf(llm.bodies[3])).toContain('note: You have chosen click_element_by_index');
  });

  it('does not count an action repeated on a page that changes', async () => {
    const { agent, controller } = makeAgent([click(1), click(1), click(1), done()]);
    let n = 0;
    const base = controller.page;
    controller.getBrowserState = async () => ({ ...base, content: `${base.content}\nitems: ${n++}` });
    const result = await agent.execute('task');
    expect(result.history.filter((e) => e.type === 'observation')).toEqual([]);
  });

  it('asks the user at five repeats when a handler exists, and does not run the action', async () => {
    const questions: string[] = [];
    const { agent, controller } = makeAgent([click(1), click(1), click(1), click(1), click(1), done()]);
    agent.onAskUser = async (question) => {
      questions.push(question);
      return 'click the other button';
    };
    const result = await agent.execute('task');
    expect(questions).toHaveLength(1);
    expect(controller.methods.filter((m) => m === 'clickElement')).toHaveLength(4);
    const fifth = result.history.filter((e) => e.type === 'step')[4]!;
    expect(fifth).toMatchObject({ action: { output: expect.stringContaining('The user says: click the other button') } });
    expect(result.success).toBe(true);
  });

  it('fails cleanly at five repeats without a handler, saying why', async () => {
    const { agent, controller } = makeAgent([click(1), click(1), click(1), click(1), click(1), done()]);
    const result = await agent.execute('task');
    expect(result.success).toBe(false);
    expect(result.data).toMatch(/chose click_element_by_index \{"index":1\} 5 times on a page that did not change/);
    expect(agent.status).toBe('error');
    expect(controller.methods.filter((m) => m === 'clickElement')).toHaveLength(4);
  });
});
