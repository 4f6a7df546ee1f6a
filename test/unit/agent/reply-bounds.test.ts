// Bounds on what the model's reply brings into later prompts (#19): reflection fields cut at their
// caps, and a reply with several actions answered with a note that only the first ran.
import { describe, expect, it } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { reflectionOf } from '../../../src/tools/index.js';
import { done, makeAgent, step, userMessageOf } from '../../fixtures/agent/harness.js';

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('reply bounds', () => {
  it('sends back at most 2,000 characters of memory and 500 of each goal, with a note', async () => {
    const huge = 'x'.repeat(5_000_000);
    const { agent, llm } = makeAgent([step({ click_element_by_index: { index: 1 } }, { memory: huge, next_goal: huge, evaluation_previous_goal: huge }), done()]);
    const result = await agent.execute('task');
    const second = userMessageOf(llm.bodies[1]);
    expect(second.length).toBeLessThan(userMessageOf(llm.bodies[0]).length + 5_000);
    expect(second).toContain(`${'x'.repeat(2000)}… (cut at 2000 characters)`);
    expect(second).not.toContain('x'.repeat(2001));
    expect(result.history.find((e) => e.type === 'step')).toMatchObject({ reflection: { memory: `${'x'.repeat(2000)}… (cut at 2000 characters)`, next_goal: `${'x'.repeat(500)}… (cut at 500 characters)` } });
  });

  it('keeps fields within their caps whole', () => {
    expect(reflectionOf({ action: {}, memory: ` ${'m'.repeat(2000)} `, next_goal: 'g'.repeat(500) })).toEqual({ memory: 'm'.repeat(2000), next_goal: 'g'.repeat(500) });
  });

  it('tells the model that only the first of several actions ran', async () => {
    const { agent, controller, llm } = makeAgent([step({ click_element_by_index: { index: 1 }, input_text: { index: 2, text: 'x' } }), done()]);
    controller.descriptions.set(1, '[1]<button>Next />');
    const result = await agent.execute('task');
    expect(controller.methods.filter((m) => m === 'clickElement' || m === 'inputText')).toEqual(['clickElement']);
    const output = (result.history.find((e) => e.type === 'step') as any).action.output as string;
    expect(output).toContain('Only the first action of your reply (click_element_by_index) ran; send one per step.');
    expect(userMessageOf(llm.bodies[1])).toContain('Only the first action of your reply (click_element_by_index) ran');
  });

  it('adds no note to a reply with one action', async () => {
    const { agent } = makeAgent([step({ click_element_by_index: { index: 1 } }), done()]);
    const result = await agent.execute('task');
    expect((result.history.find((e) => e.type === 'step') as any).action.output).not.toContain('Only the first');
  });
});
