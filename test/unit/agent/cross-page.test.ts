// Carrying a task across page loads (issue #14): the state saved on pagehide mid-task, continued by
// the next page's agent (steps, maxSteps and history across, the model told where it is), entries
// that are corrupt, foreign, stale or huge discarded with a warning, a failed save or a navigation to
// another site ending the task with a result that says so.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { carryAcrossPages, CARRY_KEY } from '../../../src/agent/cross-page.js';
import { TASK_RUN_VERSION } from '../../../src/agent.js';
import { done, makeAgent, step, trackUnhandledRejections, userMessageOf, type Harness } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});

/** A panel double: whether it was shown and its step list opened. */
function fakePanel(expanded = false) {
  return { shown: false, expanded, show() { this.shown = true; }, expand() { this.expanded = true; }, get element() { return { expanded: this.expanded }; } };
}

const agents: Harness[] = [];
/** An agent wired to carry tasks, as PageAgent wires it; `resumed` is what `agent.resumed` would be. */
function pageAgent(replies: Parameters<typeof makeAgent>[0], panel = fakePanel(), config: Parameters<typeof makeAgent>[1] = {}) {
  const harness = makeAgent(replies, config);
  agents.push(harness);
  return { ...harness, panel, resumed: carryAcrossPages(harness.agent, panel) };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  for (const { agent } of agents.splice(0)) agent.dispose();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (globalThis as { navigation?: unknown }).navigation;
});

/** Page A: one click, then the page unloads while the model thinks about step 2. Returns A's result. */
async function leavePageA(panel = fakePanel()) {
  const a = pageAgent([step({ click_element_by_index: { index: 1 } }), { hang: true }], panel);
  expect(await a.resumed).toBeNull();
  const run = a.agent.execute('buy the blue mug');
  await a.llm.requestArrived(2);
  dispatchEvent(new Event('pagehide'));
  return { a, result: await run };
}

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('carrying a task to the next page', () => {
  it('saves the task when the page unloads mid-task and the next page continues it', async () => {
    const { a, result } = await leavePageA(fakePanel(true));
    expect(result).toMatchObject({ success: false, data: 'The task continues on the next page.' });
    expect(JSON.parse(sessionStorage.getItem(CARRY_KEY)!)).toMatchObject({ open: true, state: { version: TASK_RUN_VERSION, task: 'buy the blue mug', step: 1 } });

    document.title = 'Shipping';
    const b = pageAgent([done('bought')], fakePanel(false), { maxSteps: 2 });
    const resumed = await b.resumed;
    expect(sessionStorage.getItem(CARRY_KEY)).toBeNull();
    expect(resumed).toMatchObject({ success: true, data: 'bought' });
    expect(b.agent.taskId).toBe(a.agent.taskId);
    // Steps number on from page A, maxSteps counts across, the model is told where it is now.
    const prompt = userMessageOf(b.llm.bodies[0]);
    expect(prompt).toContain('Step 2 of 2');
    expect(prompt).toContain(`Continued on “Shipping” (${location.href}) after a page load.`);
    expect(resumed!.history.map((e) => e.type)).toEqual(['step', 'observation', 'step']);
    expect(resumed!.usage!.totalTokens).toBe(220);
    expect(b.panel).toMatchObject({ shown: true, expanded: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it('resumes on a page restored from the back-forward cache', async () => {
    (await leavePageA()).a.agent.dispose();
    const b = pageAgent([done('back again')]);
    sessionStorage.setItem('unrelated', '1');
    // This agent's first look came before the entry was there (the page was cached, then restored).
    const saved = sessionStorage.getItem(CARRY_KEY)!;
    sessionStorage.removeItem(CARRY_KEY);
    expect(await b.resumed).toBeNull();
    sessionStorage.setItem(CARRY_KEY, saved);
    const finished = new Promise((resolve) => b.agent.addEventListener('statuschange', () => b.agent.status === 'completed' && resolve(b.agent.lastResult)));
    dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(await finished).toMatchObject({ success: true, data: 'back again' });
  });

  it('discards corrupt, foreign, stale and huge entries with a warning', async () => {
    const valid = { version: TASK_RUN_VERSION, task: 't', taskId: 'x', step: 1, history: [], usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, notes: { queued: [], page: null, totalWait: 0 }, loops: [] };
    const cases: Array<[string, RegExp]> = [
      ['{not json', /JSON|Unexpected|Expected/i],
      [JSON.stringify({ at: Date.now(), state: { ...valid, version: 99 } }), /version is 99/],
      [JSON.stringify({ at: Date.now() - 6 * 60_000, state: valid }), /older than 5 minutes/],
      [JSON.stringify({ state: valid }), /older than 5 minutes/],
      [JSON.stringify({ at: Date.now(), state: { ...valid, task: 'x'.repeat(2_000_001) } }), /over 2000000 characters/],
    ];
    for (const [text, reason] of cases) {
      warn.mockClear();
      sessionStorage.setItem(CARRY_KEY, text);
      const b = pageAgent([]);
      expect(await b.resumed).toBeNull();
      expect(sessionStorage.getItem(CARRY_KEY)).toBeNull();
      expect(b.llm.bodies).toHaveLength(0);
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]![0])).toMatch(/^\[page-agent\] The task saved by the previous page was discarded: /);
      expect(String(warn.mock.calls[0]![0])).toMatch(reason);
      expect(b.panel.shown).toBe(false);
    }
  });

  it('leaves a saved task alone when this page starts a task of its own first', async () => {
    await leavePageA();
    const b = pageAgent([done('mine')]);
    const own = b.agent.execute('my own task');
    expect(await b.resumed).toBeNull();
    expect(String(warn.mock.calls[0]![0])).toContain('this page started another task');
    expect(await own).toMatchObject({ data: 'mine' });
    expect(b.agent.task).toBe('my own task');
  });

  it('ends the task with a result that says so when the state cannot be saved', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      removeItem() {},
      setItem() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    const { result } = await leavePageA();
    expect(result).toMatchObject({ success: false, data: 'The task could not continue on the next page: saving it failed (The quota has been exceeded.).' });
    expect(warn).toHaveBeenCalledWith(`[page-agent] ${result.data}`);
    expect(sessionStorage.getItem(CARRY_KEY)).toBeNull();
  });

  it('ends the task at a navigation to another site and shows that result when the user comes back', async () => {
    const navigation = new EventTarget();
    (globalThis as { navigation?: unknown }).navigation = navigation;
    const a = pageAgent([step({ click_element_by_index: { index: 1 } }), { hang: true }]);
    const run = a.agent.execute('pay for the mug');
    await a.llm.requestArrived(2);
    navigation.dispatchEvent(Object.assign(new Event('navigate'), { destination: { url: 'https://pay.example/checkout' } }));
    dispatchEvent(new Event('pagehide'));
    const ended = 'The task ended: the page went to https://pay.example/checkout, another site.';
    expect(await run).toMatchObject({ success: false, data: ended });

    const b = pageAgent([]);
    const resumed = await b.resumed;
    expect(resumed).toMatchObject({ success: false, data: ended });
    expect(b.llm.bodies).toHaveLength(0);
    expect(b.agent.task).toBe('pay for the mug');
    expect(b.agent.history.at(-1)).toEqual({ type: 'error', message: ended });
    expect(b.agent.status).toBe('idle');
    expect(b.panel.shown).toBe(true);
  });

  it('saves nothing when no task runs', async () => {
    pageAgent([]);
    dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(CARRY_KEY)).toBeNull();
  });
});
