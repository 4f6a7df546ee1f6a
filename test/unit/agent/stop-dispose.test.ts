// Stopping and disposing: stop() during a request, a tool and a wait settles the run and leaves the
// agent reusable; dispose() is final. Pause and take-over hold the loop between steps.
import { afterAll, describe, expect, it } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { z } from 'zod';
import { tool } from '../../../src/agent.js';
import { done, flush, makeAgent, nextActivity, step, trackUnhandledRejections } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('stop()', () => {
  it('aborts the model request in flight and settles as stopped', async () => {
    const { agent, llm, controller } = makeAgent([{ hang: true }]);
    const run = agent.execute('task');
    await llm.requestArrived(1);
    await agent.stop();
    expect(agent.status).toBe('stopped');
    const result = await run;
    expect(result).toMatchObject({ success: false, data: 'Task stopped.' });
    expect(result.history.at(-1)).toEqual({ type: 'error', message: 'Task stopped.' });
    expect(controller.maskVisible).toBe(false);
  });

  it('aborts a tool in flight even when the tool ignores its signal', async () => {
    let signalSeen: AbortSignal | undefined;
    const stuck = tool({
      description: 'never ends',
      inputSchema: z.object({}),
      execute: (_args, { signal }) => {
        signalSeen = signal;
        return new Promise<string>(() => {});
      },
    });
    const { agent } = makeAgent([step({ stuck: {} })], { customTools: { stuck } });
    const run = agent.execute('task');
    await nextActivity(agent, 'executing');
    await agent.stop();
    expect(signalSeen?.aborted).toBe(true);
    expect((await run).data).toBe('Task stopped.');
    expect(agent.status).toBe('stopped');
  });

  // A 10 s wait that ignored the stop would outlast the test's 5 s timeout.
  it('interrupts the wait tool', async () => {
    const { agent } = makeAgent([step({ wait: { seconds: 10 } })]);
    const run = agent.execute('task');
    await nextActivity(agent, 'executing');
    await agent.stop();
    expect((await run).data).toBe('Task stopped.');
  });

  it('interrupts the settle wait between steps', async () => {
    const { agent } = makeAgent([step({ click_element_by_index: { index: 1 } }), done()], { stepDelay: 10 });
    const run = agent.execute('task');
    await nextActivity(agent, 'executed');
    await agent.stop();
    expect(agent.status).toBe('stopped');
    expect((await run).history.filter((e) => e.type === 'step')).toHaveLength(1);
  });

  it('leaves the agent reusable', async () => {
    const { agent, llm } = makeAgent([{ hang: true }]);
    const run = agent.execute('first');
    await llm.requestArrived(1);
    await agent.stop();
    await run;
    llm.push(done('second run'));
    const result = await agent.execute('second');
    expect(result).toMatchObject({ success: true, data: 'second run' });
    expect(agent.status).toBe('completed');
  });

  it('is a no-op when nothing runs', async () => {
    const { agent, events } = makeAgent([]);
    await agent.stop();
    expect(agent.status).toBe('idle');
    expect(events).toEqual([]);
  });
});

describe('dispose()', () => {
  it('disposes the controller, emits dispose, calls onDispose once and refuses new tasks', async () => {
    const reasons: unknown[] = [];
    const { agent, controller, events } = makeAgent([], { onDispose: (_agent, reason) => void reasons.push(reason) });
    agent.dispose('page unload');
    agent.dispose('again');
    expect(agent.disposed).toBe(true);
    expect(controller.disposed).toBe(true);
    expect(events.filter((e) => e.type === 'dispose')).toHaveLength(1);
    expect(reasons).toEqual(['page unload']);
    await expect(agent.execute('task')).rejects.toThrow(/disposed/);
  });

  it('ends a running task as stopped', async () => {
    const { agent, llm } = makeAgent([{ hang: true }]);
    const run = agent.execute('task');
    await llm.requestArrived(1);
    agent.dispose();
    expect((await run).data).toBe('Task stopped.');
    expect(agent.status).toBe('stopped');
  });

  it('reports a throwing onDispose without throwing itself', () => {
    const { agent, controller } = makeAgent([], {
      onDispose: () => {
        throw new Error('hook broke');
      },
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      expect(() => agent.dispose()).not.toThrow();
    } finally {
      console.error = original;
    }
    expect(controller.disposed).toBe(true);
    expect(errors).toHaveLength(1);
  });
});

describe('pause, take-over and resume', () => {
  it('holds after the current step until resume()', async () => {
    const { agent, llm, events } = makeAgent([step({ click_element_by_index: { index: 1 } }), done()]);
    const run = agent.execute('task');
    await nextActivity(agent, 'executing');
    agent.pause();
    expect(agent.controlState).toBe('pausing');
    await nextActivity(agent, 'paused');
    expect(agent.controlState).toBe('paused');
    await flush(20);
    expect(llm.bodies).toHaveLength(1);
    agent.resume();
    expect((await run).success).toBe(true);
    expect(llm.bodies).toHaveLength(2);
    expect(events.filter((e) => e.type === 'controlchange').length).toBeGreaterThanOrEqual(3);
    expect(agent.controlState).toBe('running');
  });

  it('records user_takeover after a take-over and shows the mask again', async () => {
    const { agent, controller, llm } = makeAgent([step({ click_element_by_index: { index: 1 } }), done()]);
    const run = agent.execute('task');
    await nextActivity(agent, 'executing');
    agent.takeOver();
    expect(agent.controlState).toBe('takeover');
    await nextActivity(agent, 'paused');
    expect(controller.maskVisible).toBe(false);
    agent.resume();
    const result = await run;
    expect(result.history.map((e) => e.type)).toEqual(['step', 'user_takeover', 'step']);
    const prompt = llm.bodies[1].messages[1].content as string;
    expect(prompt).toContain('The user took over');
    const showMasks = controller.methods.filter((m) => m === 'showMask');
    expect(showMasks).toHaveLength(2);
  });

  it('stops while paused', async () => {
    const { agent } = makeAgent([step({ click_element_by_index: { index: 1 } })]);
    const run = agent.execute('task');
    await nextActivity(agent, 'executing');
    agent.pause();
    await nextActivity(agent, 'paused');
    await agent.stop();
    expect((await run).data).toBe('Task stopped.');
    expect(agent.controlState).toBe('running');
  });
});
