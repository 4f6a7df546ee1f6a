// Conversations: execute(task, { continue: true }) gives the model the earlier tasks of the
// conversation (task, result, last URL) within a character budget; execute(task) starts a new one;
// the earlier tasks travel in TaskRunState.
import { afterAll, describe, expect, it } from 'vitest';
import { AgentStateError, type TaskRunState } from '../../../src/agent.js';
import { EARLIER_CHARS, earlierEntry, formatEarlierTasks } from '../../../src/prompt/index.js';
import { done, makeAgent, trackUnhandledRejections, userMessageOf } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

const earlierOf = (body: any) => userMessageOf(body).match(/<earlier_tasks>\n[\s\S]*?\n<\/earlier_tasks>/)?.[0] ?? null;

describe('execute with continue', () => {
  it('shows the model the earlier tasks of the conversation, oldest first, before the task', async () => {
    const { agent, llm } = makeAgent([done('Added "Fix login" for Maria.'), done('Found 3 tasks.', false), done('ok')]);
    await agent.execute('Add a task "Fix login" assigned to Maria');
    await agent.execute('Count the tasks', { continue: true });
    await agent.execute('Now assign the same task to Sam', { continue: true });
    expect(earlierOf(llm.bodies[0])).toBeNull();
    expect(earlierOf(llm.bodies[2])).toBe(
      [
        '<earlier_tasks>',
        'Earlier tasks, oldest first:',
        '1. Task: Add a task "Fix login" assigned to Maria',
        'Result (done): Added "Fix login" for Maria.',
        'Ended on: https://shop.test/',
        '2. Task: Count the tasks',
        'Result (not done): Found 3 tasks.',
        'Ended on: https://shop.test/',
        '</earlier_tasks>',
      ].join('\n'),
    );
    expect(userMessageOf(llm.bodies[2]).indexOf('<earlier_tasks>')).toBeLessThan(userMessageOf(llm.bodies[2]).indexOf('<task>'));
  });

  it('starts a new conversation without continue (page-agent behaviour)', async () => {
    const { agent, llm } = makeAgent([done('a'), done('b'), done('c')]);
    await agent.execute('first');
    await agent.execute('second');
    await agent.execute('third', { continue: true });
    expect(earlierOf(llm.bodies[1])).toBeNull();
    expect(earlierOf(llm.bodies[2])).toContain('1. Task: second');
    expect(earlierOf(llm.bodies[2])).not.toContain('Task: first');
  });

  it('records a stopped or failed task with its message', async () => {
    const { agent, llm } = makeAgent([{ status: 400, body: { error: { message: 'bad request' } } }, done('ok')], { maxRetries: 0 });
    await agent.execute('first');
    await agent.execute('again', { continue: true });
    expect(earlierOf(llm.bodies[1])).toMatch(/Result \(not done\): .*bad request/);
  });

  it('shortens the oldest tasks past the budget and says so in history', async () => {
    const long = 'x'.repeat(550);
    const replies = Array.from({ length: 6 }, () => done(long));
    const { agent, llm } = makeAgent(replies);
    for (let i = 1; i <= 5; i++) await agent.execute(`task number ${i}`, { continue: true });
    const result = await agent.execute('last', { continue: true });
    const block = earlierOf(llm.bodies[5])!;
    expect(block.length).toBeLessThan(EARLIER_CHARS + 200);
    // The newest tasks are whole; older ones keep their task line.
    expect(block).toContain(`5. Task: task number 5\nResult (done): ${long}`);
    expect(block).toMatch(/\n1\. Task: task number 1\n2\. Task: task number 2\n/);
    expect(result.history[0]).toEqual({ type: 'observation', content: 'Older tasks were shortened to fit the prompt.' });
  });

  it('carries the earlier tasks in TaskRunState to a fresh agent', async () => {
    let saved: TaskRunState | null = null;
    const first = makeAgent([done('one'), done('two')], { onAfterStep: (agent) => void (saved = agent.taskRunState()) });
    await first.agent.execute('first');
    await first.agent.execute('second', { continue: true });
    expect(saved!.earlier).toEqual(['Task: first\nResult (done): one\nEnded on: https://shop.test/']);
    const fresh = makeAgent([done('two')]);
    await fresh.agent.continueTask(JSON.parse(JSON.stringify(saved)));
    expect(earlierOf(fresh.llm.bodies[0])).toContain('1. Task: first');
    await expect(fresh.agent.continueTask({ ...saved!, earlier: [3] as never })).rejects.toThrow(AgentStateError);
    await expect(fresh.agent.continueTask({ ...saved!, earlier: [3] as never })).rejects.toThrow(/`earlier` is not a list of strings/);
    // The same check of a list of strings as the queued notes get.
    await expect(fresh.agent.continueTask({ ...saved!, earlier: 'x' as never })).rejects.toThrow(/`earlier` is not a list of strings/);
    await expect(fresh.agent.continueTask({ ...saved!, notes: { ...saved!.notes, queued: [3] as never } })).rejects.toThrow(/`notes` is malformed/);
  });
});

describe('formatEarlierTasks', () => {
  it('is empty without entries and counts what it leaves out', () => {
    expect(formatEarlierTasks([])).toEqual({ text: '', shortened: false });
    const entries = Array.from({ length: 5 }, (_, i) => earlierEntry(`task ${i + 1}`, true, 'y'.repeat(100), null));
    const { text, shortened } = formatEarlierTasks(entries, 160);
    expect(shortened).toBe(true);
    expect(text).toContain('5. Task: task 5\nResult (done): ' + 'y'.repeat(100));
    expect(text).toMatch(/\n\(\d older left out\)\n/);
  });

  it('writes data answers as JSON and cuts long fields', () => {
    expect(earlierEntry('t', true, { price: 3 }, { url: 'https://a.test/x' })).toBe('Task: t\nResult (done): {"price":3}\nEnded on: https://a.test/x');
    expect(earlierEntry('t'.repeat(400), true, 'a', null)).toBe(`Task: ${'t'.repeat(300)}…\nResult (done): a`);
  });
});
