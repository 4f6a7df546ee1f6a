// Human approval in a run: a policy function allows or denies (with a note the model reads), the
// built-in 'risky' policy asks the user through the approval activity, and stop() ends a wait.
import { afterAll, describe, expect, it } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import type { ApprovalContext } from '../../../src/agent.js';
import { done, makeAgent, nextActivity, step, trackUnhandledRejections, userMessageOf } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

const click = (index: number) => step({ click_element_by_index: { index } });

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('approveAction as a function', () => {
  it('runs the action when allowed, with the element and url in the context', async () => {
    const seen: Array<{ tool: string; input: unknown; context: ApprovalContext }> = [];
    const { agent, controller } = makeAgent([click(1), done()], {
      approveAction: (tool, input, context) => {
        seen.push({ tool, input, context });
        return true;
      },
    });
    controller.descriptions.set(1, '[1]<button>Search />');
    await agent.execute('task');
    expect(controller.methods).toContain('clickElement');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ tool: 'click_element_by_index', input: { index: 1 }, context: { element: '[1]<button>Search />', url: 'https://shop.test/' } });
    expect(seen[0]!.context.signal).toBeInstanceOf(AbortSignal);
  });

  it('records a denied action in history, tells the model with the note, and does not run it', async () => {
    const { agent, controller, llm } = makeAgent([click(1), done('stopped at checkout', false)], {
      approveAction: async () => ({ allow: false, note: 'never buy on my behalf' }),
    });
    const result = await agent.execute('buy it');
    expect(controller.methods).not.toContain('clickElement');
    expect(result.history[0]).toMatchObject({
      type: 'step',
      action: { name: 'click_element_by_index', output: expect.stringMatching(/^Denied by the user( \(held because it .+\))?: the action was not run\. The user's note: never buy on my behalf/) },
    });
    expect(userMessageOf(llm.bodies[1])).toContain('Denied by the user');
    expect(result.data).toBe('stopped at checkout');
  });

  it('never asks about done, wait or ask_user', async () => {
    const asked: string[] = [];
    const { agent } = makeAgent([step({ wait: { seconds: 1 } }), done()], {
      approveAction: (tool) => {
        asked.push(tool);
        return false;
      },
    });
    await agent.execute('task');
    expect(asked).toEqual([]);
  });

  it('denies, and reports, when the policy throws', async () => {
    const { agent, controller, activities } = makeAgent([click(1), done()], {
      approveAction: () => {
        throw new Error('policy bug');
      },
    });
    const original = console.error;
    console.error = () => {};
    try {
      const result = await agent.execute('task');
      expect(controller.methods).not.toContain('clickElement');
      expect(result.history.map((e) => e.type)).toEqual(['error', 'step', 'step']);
      expect(result.history[0]).toMatchObject({ message: 'approveAction failed (policy bug); the action was denied' });
      expect(result.history[1]).toMatchObject({ action: { output: expect.stringContaining('approval check failed (policy bug)') } });
      expect(activities('error')[0]?.message).toMatch(/approveAction failed/);
      expect(result.success).toBe(true);
    } finally {
      console.error = original;
    }
  });
});

describe("approveAction: 'risky'", () => {
  it('lets safe actions through without asking', async () => {
    const { agent, controller, activities } = makeAgent([click(1), done()], { approveAction: 'risky' });
    controller.descriptions.set(1, '[1]<button>Search />');
    await agent.execute('task');
    expect(activities('approval')).toEqual([]);
    expect(controller.methods).toContain('clickElement');
  });

  it('asks through the approval activity for a pay button and runs it once approved', async () => {
    const { agent, controller } = makeAgent([click(7), done()], { approveAction: 'risky' });
    controller.descriptions.set(7, '[7]<button>Pay now />');
    const run = agent.execute('pay');
    const request = await nextActivity(agent, 'approval');
    expect(request).toMatchObject({ type: 'approval', tool: 'click_element_by_index', input: { index: 7 }, element: '[7]<button>Pay now />' });
    expect(request.reason).toBe('says “pay”');
    expect(controller.methods).not.toContain('clickElement');
    expect(agent.respondToApproval('allow')).toBe(true);
    const result = await run;
    expect(controller.methods).toContain('clickElement');
    expect(result.history[0]).toMatchObject({ type: 'step', action: { output: expect.stringMatching(/^Approved by the user \(held because it says “pay”\)\. /) } });
    expect(agent.respondToApproval(true)).toBe(false);
  });

  it('asks for a Chinese delete button and records the denial', async () => {
    const { agent, controller } = makeAgent([click(3), done()], { approveAction: 'risky', language: 'zh-CN' });
    controller.descriptions.set(3, '[3]<button>删除订单 />');
    const run = agent.execute('删除订单');
    await nextActivity(agent, 'approval');
    agent.respondToApproval({ allow: false, note: '不要删除' });
    const result = await run;
    expect(controller.methods).not.toContain('clickElement');
    expect(result.history[0]).toMatchObject({ action: { output: expect.stringContaining('不要删除') } });
  });

  it('ends as stopped when stop() comes while waiting for approval', async () => {
    const { agent, controller } = makeAgent([click(7)], { approveAction: 'all' });
    const run = agent.execute('task');
    await nextActivity(agent, 'approval');
    await agent.stop();
    expect((await run).data).toBe('Task stopped.');
    expect(controller.methods).not.toContain('clickElement');
    expect(agent.respondToApproval(true)).toBe(false);
  });

  it("lets a policy function hand the decision to the user with 'ask'", async () => {
    const { agent, controller } = makeAgent([click(2), done()], { approveAction: (tool) => (tool === 'click_element_by_index' ? 'ask' : 'allow') });
    const run = agent.execute('task');
    await nextActivity(agent, 'approval');
    agent.respondToApproval('deny');
    await run;
    expect(controller.methods).not.toContain('clickElement');
  });
});
