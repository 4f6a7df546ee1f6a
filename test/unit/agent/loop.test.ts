// PageAgentCore's loop: event order, the exact step count, budget warnings and the forced done,
// missing reflection fields, usage totals, and the misuse errors of execute().
import { afterAll, describe, expect, it } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { AgentStateError, ConfigError, PageAgentCore } from '../../../src/agent.js';
import type { AgentStepEvent } from '../../../src/types.js';
import { done, makeAgent, offeredActions, step, trackUnhandledRejections, userMessageOf, FakeController } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

// Waits between steps pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

const click = (index: number) => step({ click_element_by_index: { index } });

describe('PageAgentCore.execute', () => {
  it('observes, thinks and acts, then finishes with the done text', async () => {
    const { agent, controller, llm } = makeAgent([click(1), done('found it')]);
    const result = await agent.execute('search for shoes');
    expect(result).toMatchObject({ success: true, data: 'found it' });
    expect(agent.status).toBe('completed');
    expect(agent.lastResult).toBe(result);
    expect(controller.methods.filter((m) => m === 'clickElement')).toHaveLength(1);
    expect(llm.bodies).toHaveLength(2);
    expect(result.history.map((e) => e.type)).toEqual(['step', 'step']);
    const first = result.history[0]!;
    expect(first).toMatchObject({ type: 'step', stepIndex: 0, action: { name: 'click_element_by_index', input: { index: 1 }, output: 'clickElement(1) ok' } });
  });

  it('emits statuschange, historychange and activity events in loop order', async () => {
    const { agent, events } = makeAgent([click(1), done()]);
    await agent.execute('task');
    const order = events.map((e) => (e.activity ? `activity:${e.activity.type}` : e.type));
    expect(order).toEqual([
      'statuschange',
      'historychange',
      'activity:thinking',
      'activity:executing',
      'activity:executed',
      'historychange',
      'activity:thinking',
      'activity:executing',
      'activity:executed',
      'historychange',
      'statuschange',
    ]);
  });

  it('shows and hides the mask, resets the controller and removes highlights', async () => {
    const { agent, controller } = makeAgent([done()]);
    await agent.execute('task');
    expect(controller.methods[0]).toBe('showMask');
    expect(controller.methods).toContain('resetTaskState');
    expect(controller.methods.slice(-2)).toEqual(['cleanUpHighlights', 'hideMask']);
    expect(controller.maskVisible).toBe(false);
  });

  it('totals the token usage of the task in the result', async () => {
    const { agent } = makeAgent([{ ...click(1), usage: { prompt_tokens: 1000, completion_tokens: 50, total_tokens: 1050 } } as any, done()]);
    const result = await agent.execute('task');
    expect(result.usage).toMatchObject({ promptTokens: 1100, completionTokens: 60, totalTokens: 1160 });
  });

  it('records a missing reflection field as absent and never writes "undefined" into the prompt', async () => {
    const { agent, llm } = makeAgent([step({ click_element_by_index: { index: 1 } }, { memory: undefined, evaluation_previous_goal: undefined }), done()]);
    const result = await agent.execute('task');
    const first = result.history[0]!;
    expect(first.type === 'step' && first.reflection).toEqual({ next_goal: 'g' });
    const prompt = userMessageOf(llm.bodies[1]);
    expect(prompt).toContain('goal: g');
    expect(prompt).not.toContain('undefined');
    expect(prompt).not.toContain('memory:');
  });
});

describe('step budget', () => {
  it('makes exactly maxSteps model calls and says "Step n of m" correctly', async () => {
    const replies = Array.from({ length: 5 }, (_, i) => click(i));
    const { agent, llm } = makeAgent([...replies, done('partial')], { maxSteps: 6 });
    const result = await agent.execute('task');
    expect(llm.bodies).toHaveLength(6);
    expect(result.success).toBe(true);
    llm.bodies.forEach((body, i) => expect(userMessageOf(body)).toContain(`Step ${i + 1} of 6.`));
  });

  it('warns to wrap up when three steps remain and offers only done on the last step', async () => {
    const { agent, llm } = makeAgent([click(0), click(1), click(2), done('what I have')], { maxSteps: 4 });
    const result = await agent.execute('task');
    expect(result.data).toBe('what I have');
    const warnings = result.history.filter((e) => e.type === 'observation' && /Only 3 steps left/.test(e.content));
    expect(warnings).toHaveLength(1);
    expect(userMessageOf(llm.bodies[1])).toContain('Only 3 steps left');
    expect(userMessageOf(llm.bodies[0])).not.toContain('steps left');
    expect(offeredActions(llm.bodies[2])).toContain('click_element_by_index');
    expect(offeredActions(llm.bodies[3])).toEqual(['done']);
    expect(userMessageOf(llm.bodies[3])).toContain('This is the last step: only done is available');
  });

  it('ends with a clean failure when the model will not call done on the last step', async () => {
    const { agent, llm } = makeAgent([click(0), click(1), click(2), click(3)], { maxSteps: 2, maxRetries: 1 });
    const result = await agent.execute('task');
    expect(result.success).toBe(false);
    expect(agent.status).toBe('error');
    // Step 1 and step 2; the unusable reply of the last step is not asked for again: 2 calls for 2 steps.
    expect(llm.bodies).toHaveLength(2);
    expect(result.history.filter((e) => e.type === 'step')).toHaveLength(1);
    expect(result.history.some((e) => e.type === 'retry')).toBe(false);
  });

  it('stops after exactly maxSteps model calls when the model never calls done (done removed)', async () => {
    const { agent, llm } = makeAgent(Array.from({ length: 10 }, (_, i) => click(i)), { maxSteps: 4, customTools: { done: null } });
    const result = await agent.execute('task');
    // Every reply is valid (click is offered on every step), so no call is a retry.
    expect(result.history.some((e) => e.type === 'retry' || e.type === 'error')).toBe(false);
    expect(llm.bodies).toHaveLength(4);
    expect(result).toMatchObject({ success: false, data: 'Stopped after 4 steps (maxSteps) without finishing the task.' });
    expect(agent.status).toBe('error');
    expect(result.history.filter((e) => e.type === 'step')).toHaveLength(4);
    llm.bodies.forEach((body, i) => {
      expect(userMessageOf(body)).toContain(`Step ${i + 1} of 4.`);
      expect(offeredActions(body)).toContain('click_element_by_index');
      // done is gone: neither the last step nor the wrap-up warning may tell the model to call it.
      expect(userMessageOf(body)).not.toMatch(/\bdone\b/);
    });
    expect(userMessageOf(llm.bodies[3])).toContain('This is the last step.');
  });

  it('makes no more than maxSteps model calls when the model always clicks, and says why it stopped', async () => {
    const { agent, llm } = makeAgent(Array.from({ length: 10 }, (_, i) => click(i)), { maxSteps: 3, maxRetries: 2 });
    const result = await agent.execute('task');
    const steps = llm.bodies.map((body) => /Step (\d+) of 3\./.exec(userMessageOf(body))?.[1]);
    // Each step once; the last step's click (not offered there) ends the run instead of being retried.
    expect(steps).toEqual(['1', '2', '3']);
    expect(result.history.filter((e) => e.type === 'retry')).toHaveLength(0);
    expect(result.success).toBe(false);
    expect(result.data).toMatch(/^Stopped after 3 steps \(maxSteps\): the model did not call done on the last step/);
    expect(result.data).toContain('Unknown tool "click_element_by_index"');
  });

  it('still retries a failure to reach the model on the last step', async () => {
    const { agent, llm } = makeAgent([{ status: 503, body: { error: { message: 'overloaded' } } }, done('made it')], { maxSteps: 1, maxRetries: 1 });
    const result = await agent.execute('task');
    expect(result).toMatchObject({ success: true, data: 'made it' });
    expect(llm.bodies).toHaveLength(2);
  });

  it('stops before a step whose model call would pass maxTokens, saying so', async () => {
    // The same run without a budget: what step 1 used and how long step 2's prompt is.
    const probe = makeAgent([click(0), done()]);
    const used = ((await probe.agent.execute('task')).history[0] as AgentStepEvent).usage.totalTokens;
    const prompt = JSON.stringify(probe.llm.bodies[1].messages).length >> 2;
    expect(used).toBeGreaterThan(0);
    // 50 tokens short of what step 2 would need (the step text carries the time: a margin for its length).
    const { agent, llm } = makeAgent([click(0), click(1), click(2), done()], { maxTokens: used + prompt - 50 });
    const result = await agent.execute('task');
    expect(llm.bodies).toHaveLength(1);
    expect(result.success).toBe(false);
    expect(agent.status).toBe('error');
    expect(result.data).toMatch(/^Stopped before step 2: its call \(about \d+ tokens\) would pass maxTokens \(\d+; \d+ used\)\.$/);
    expect(result.history.filter((e) => e.type === 'step')).toHaveLength(1);
  });

  it('runs on when the budget covers the next call', async () => {
    const probe = makeAgent([click(0), done()]);
    const used = ((await probe.agent.execute('task')).history[0] as AgentStepEvent).usage.totalTokens;
    const prompt = JSON.stringify(probe.llm.bodies[1].messages).length >> 2;
    const { agent } = makeAgent([click(0), done('fits')], { maxTokens: used + prompt + 50 });
    expect((await agent.execute('task')).data).toBe('fits');
  });

  it('refuses a maxTokens that is not a positive integer, naming it', () => {
    for (const maxTokens of [0, -5, 1.5, '100']) expect(() => makeAgent([done()], { maxTokens } as never)).toThrow(/maxTokens/);
  });

  it('runs a one-step budget as a single done-only call', async () => {
    const { agent, llm } = makeAgent([done('at once')], { maxSteps: 1 });
    expect((await agent.execute('task')).data).toBe('at once');
    expect(offeredActions(llm.bodies[0])).toEqual(['done']);
  });
});

describe('execute() misuse', () => {
  it('throws a clear error for an empty task', async () => {
    const { agent } = makeAgent([]);
    await expect(agent.execute('')).rejects.toThrow(AgentStateError);
    await expect(agent.execute('   ')).rejects.toThrow(/non-empty task/);
    expect(agent.status).toBe('idle');
  });

  it('throws while a task is already running, and the running task is unaffected', async () => {
    const { agent } = makeAgent([done('first')]);
    const first = agent.execute('one');
    await expect(agent.execute('two')).rejects.toMatchObject({ code: 'running' });
    expect((await first).data).toBe('first');
  });

  it('throws after dispose', async () => {
    const { agent } = makeAgent([done()]);
    agent.dispose();
    await expect(agent.execute('task')).rejects.toMatchObject({ name: 'AgentStateError', code: 'disposed' });
  });

  it('throws a ConfigError naming baseURL or model when one is missing', async () => {
    const agent = new PageAgentCore({ model: 'm', pageController: new FakeController() } as any);
    await expect(agent.execute('task')).rejects.toMatchObject({ name: 'ConfigError', field: 'baseURL' });
    const noModel = new PageAgentCore({ baseURL: 'https://x.test/v1', pageController: new FakeController() } as any);
    await expect(noModel.execute('task')).rejects.toBeInstanceOf(ConfigError);
    expect(noModel.status).toBe('idle');
  });

  it('can run again after a task ends, with fresh history and task id', async () => {
    const { agent, llm } = makeAgent([done('one'), done('two')]);
    const first = await agent.execute('first');
    const firstId = agent.taskId;
    const second = await agent.execute('second');
    expect([first.data, second.data]).toEqual(['one', 'two']);
    expect(agent.taskId).not.toBe(firstId);
    expect(second.history).toHaveLength(1);
    expect(userMessageOf(llm.bodies[1])).toContain('<task>\nsecond\n</task>');
  });
});
