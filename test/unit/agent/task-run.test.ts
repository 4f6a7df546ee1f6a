// TaskRun: a task's run as plain data. Saved mid-task and continued in a fresh agent, the next model
// request is the one the first agent would have sent; maxSteps, usage, notes and loop counts carry
// over; an action the page unloaded under counts as taken; a bad state is refused by name.
import { afterAll, describe, expect, it } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { AgentStateError, TASK_RUN_VERSION, type TaskRunState } from '../../../src/agent.js';
import { done, makeAgent, step, trackUnhandledRejections, userMessageOf } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});
// The user message carries the local time to the minute: pin the clock so two runs compare equal.
// Waits between steps pass on that fake clock, which jumps whenever the test is idle.
useIdleClock(new Date('2026-03-02T10:20:00'));

const click = (index: number) => step({ click_element_by_index: { index } });

/** Runs [click 1, click 2, done] with a note pushed after step 1; returns the state saved after `saveAfter` steps as JSON text. */
async function savedRun(saveAfter: number) {
  let saved = '';
  const harness = makeAgent([click(1), click(2), done('all done')], {
    onAfterStep: (agent, history) => {
      if (history.filter((e) => e.type === 'step').length === 1) agent.pushObservation('a note from the page');
      if (history.filter((e) => e.type === 'step').length === saveAfter) saved = JSON.stringify(agent.taskRunState());
    },
  });
  const result = await harness.agent.execute('buy the blue mug');
  return { ...harness, result, saved };
}

describe('TaskRun round trip', () => {
  it('continues in a fresh agent with the same next request body', async () => {
    const whole = await savedRun(2);
    expect(whole.llm.bodies).toHaveLength(3);
    const state = JSON.parse(whole.saved) as TaskRunState;
    expect(state).toMatchObject({ version: TASK_RUN_VERSION, task: 'buy the blue mug', taskId: whole.agent.taskId, step: 2 });

    const fresh = makeAgent([done('all done')]);
    const result = await fresh.agent.continueTask(state);
    expect(fresh.llm.bodies).toHaveLength(1);
    expect(fresh.llm.bodies[0]).toEqual(whole.llm.bodies[2]);
    expect(userMessageOf(fresh.llm.bodies[0])).toContain('a note from the page');
    expect(result).toMatchObject({ success: true, data: 'all done' });
    // History and usage go on from the saved run: the same result as the uninterrupted one.
    expect(result.history).toEqual(whole.result.history);
    expect(result.usage).toEqual(whole.result.usage);
    expect(fresh.agent.task).toBe('buy the blue mug');
    expect(fresh.agent.taskId).toBe(whole.agent.taskId);
  });

  it('carries the queued notes when saved before they reach the model', async () => {
    const whole = await savedRun(1);
    const state = JSON.parse(whole.saved) as TaskRunState;
    expect(state.notes.queued).toContain('a note from the page');
    const fresh = makeAgent([click(2), done('all done')]);
    await fresh.agent.continueTask(state);
    expect(fresh.llm.bodies).toEqual(whole.llm.bodies.slice(1));
  });

  it('counts maxSteps across the continuation', async () => {
    const whole = await savedRun(2);
    const fresh = makeAgent([done('ok')], { maxSteps: 3 });
    const result = await fresh.agent.continueTask(JSON.parse(whole.saved));
    expect(fresh.llm.bodies).toHaveLength(1);
    expect(userMessageOf(fresh.llm.bodies[0])).toContain('This is the last step');
    expect(result).toMatchObject({ success: true, data: 'ok' });

    const over = makeAgent([done()], { maxSteps: 2 });
    const refused = await over.agent.continueTask(JSON.parse(whole.saved));
    expect(over.llm.bodies).toHaveLength(0);
    expect(refused).toMatchObject({ success: false, data: expect.stringContaining('Stopped after 2 steps (maxSteps)') });
  });

  it('tells the model when it continues on another page', async () => {
    const whole = await savedRun(2);
    const fresh = makeAgent([done()]);
    fresh.controller.page = { ...fresh.controller.page, url: 'https://shop.test/cart', title: 'Cart' };
    await fresh.agent.continueTask(JSON.parse(whole.saved));
    expect(userMessageOf(fresh.llm.bodies[0])).toContain('The URL changed from https://shop.test/ to https://shop.test/cart.');
  });

  it('keeps the loop counts: a repeat on the next page still warns at the third time', async () => {
    let saved: TaskRunState | null = null;
    const first = makeAgent([click(1), click(1), done()], {
      onAfterStep: (agent, history) => {
        if (history.length === 2) saved = agent.taskRunState();
      },
    });
    await first.agent.execute('task');
    expect(first.agent.history).not.toContainEqual(expect.objectContaining({ type: 'observation' }));
    const fresh = makeAgent([click(1), done()]);
    const result = await fresh.agent.continueTask(saved!);
    expect(result.history).toContainEqual({ type: 'observation', content: expect.stringContaining('3 times on this same, unchanged page') });
  });

  it('saves an action the page unloads under as taken, with its result unknown', async () => {
    let saved: TaskRunState | null = null;
    const harness = makeAgent([click(1), click(2)]);
    harness.controller.onAction = () => {
      saved ??= harness.agent.taskRunState();
      return { success: true, message: 'clicked' };
    };
    await harness.agent.execute('task').catch(() => undefined);
    expect(saved).not.toBeNull();
    expect(saved!.step).toBe(1);
    expect(saved!.history.at(-1)).toMatchObject({ type: 'step', stepIndex: 0, action: { name: 'click_element_by_index', output: expect.stringContaining('page unloaded') } });
  });

  it('is a deep copy: changing the state does not change the run', async () => {
    const whole = await savedRun(2);
    const state = whole.agent.taskRunState()!;
    state.history.length = 0;
    expect(whole.agent.taskRunState()!.history.length).toBeGreaterThan(0);
  });

  it('is null before the first task', () => {
    expect(makeAgent([]).agent.taskRunState()).toBeNull();
  });
});

describe('continueTask refuses a bad state by name', () => {
  const valid = (): TaskRunState => ({
    version: TASK_RUN_VERSION,
    task: 't',
    taskId: 'id',
    step: 0,
    history: [],
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    notes: { queued: [], page: null, totalWait: 0 },
    loops: [],
  });
  it.each<[string, unknown, RegExp]>([
    ['not an object', 'x', /not an object/],
    ['another version', { ...valid(), version: 2 }, /version is 2, this agent reads version 1/],
    ['no task', { ...valid(), task: '' }, /`task`/],
    ['a negative step', { ...valid(), step: -1 }, /`step`/],
    ['history not a list', { ...valid(), history: {} }, /`history`/],
    ['usage missing', { ...valid(), usage: undefined }, /`usage`/],
    ['notes malformed', { ...valid(), notes: { queued: [1], page: null, totalWait: 0 } }, /`notes`/],
    ['loops malformed', { ...valid(), loops: [['k', 'x']] }, /`loops`/],
  ])('%s', async (_name, state, message) => {
    const { agent, llm } = makeAgent([done()]);
    const error = await agent.continueTask(state as TaskRunState).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentStateError);
    expect(error).toMatchObject({ code: 'bad_state', message: expect.stringMatching(message) });
    expect(llm.bodies).toHaveLength(0);
    expect(agent.status).toBe('idle');
  });

  it('refuses while a task runs', async () => {
    const { agent } = makeAgent([{ hang: true }]);
    const running = agent.execute('task');
    await expect(agent.continueTask(valid())).rejects.toMatchObject({ code: 'running' });
    await agent.stop();
    await running;
  });
});
