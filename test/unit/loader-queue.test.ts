// The async loader's command queue without a browser: entries run in order against a stub host, bad
// entries are reported on the console naming their position and what was wrong (#20).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainQueue, type QueueTarget } from '../../src/loader-queue.js';
import type { PageAgent } from '../../src/page-agent.js';

let errors: string[];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((message: unknown) => void errors.push(String(message)));
});
afterEach(() => vi.restoreAllMocks());

/** A window-like target whose agent has `execute` and `panel.show`, recording the calls. */
function stubTarget(calls: unknown[][], pageAgentQueue?: unknown): QueueTarget {
  const agent = {
    execute: (...args: unknown[]) => (calls.push(['execute', ...args]), Promise.resolve('ok')),
    stop: () => Promise.reject(new Error('stop failed')),
    panel: { show: () => calls.push(['panel.show']) },
  } as unknown as PageAgent;
  return { pageAgentQueue, pageAgent: agent };
}

/** The `init` of a target: returns its agent. */
const initOf = (target: QueueTarget) => () => target.pageAgent!;

describe('drainQueue', () => {
  it('runs queued calls in order, then runs each push at once and counts them', () => {
    const calls: unknown[][] = [];
    const target = stubTarget(calls, [['execute', 'a'], ['panel.show']]);
    const live = drainQueue(target, initOf(target));
    expect(target.pageAgentQueue).toBe(live);
    expect(live.push(['execute', 'b'])).toBe(3);
    expect(live.length).toBe(3);
    expect(calls).toEqual([['execute', 'a'], ['panel.show'], ['execute', 'b']]);
    expect(errors).toEqual([]);
  });

  it('finds nothing through a name every object has, anywhere on the path', () => {
    const target = stubTarget([]);
    const live = drainQueue(target, initOf(target));
    live.push(['constructor'], ['panel.constructor.name'], ['__proto__.execute'], ['toString'], ['panel.nope']);
    expect(errors).toEqual([
      `[page-agent] pageAgentQueue item 1 ('constructor') failed: not a method of the agent`,
      `[page-agent] pageAgentQueue item 2 ('panel.constructor.name') failed: not a method of the agent`,
      `[page-agent] pageAgentQueue item 3 ('__proto__.execute') failed: not a method of the agent`,
      `[page-agent] pageAgentQueue item 4 ('toString') failed: not a method of the agent`,
      `[page-agent] pageAgentQueue item 5 ('panel.nope') failed: not a method of the agent`,
    ]);
  });

  it('names an entry that is not a call by its type', () => {
    const target = stubTarget([], [42, null, [7], ['init', 'x']]);
    drainQueue(target, initOf(target));
    expect(errors).toEqual([
      '[page-agent] pageAgentQueue item 1 (number) failed: expected a function or an array like ["execute", "task"]',
      '[page-agent] pageAgentQueue item 2 (object) failed: expected a function or an array like ["execute", "task"]',
      '[page-agent] pageAgentQueue item 3 (object) failed: expected a function or an array like ["execute", "task"]',
      `[page-agent] pageAgentQueue item 4 ('init') failed: "init" takes a config object`,
    ]);
  });

  it('reports a throw at once and a rejection when it comes', async () => {
    const target = stubTarget([]);
    const live = drainQueue(target, initOf(target));
    live.push(() => {
      throw new Error('my bug');
    }, ['stop']);
    expect(errors).toEqual(['[page-agent] pageAgentQueue item 1 (function) failed: my bug']);
    await new Promise((resolve) => setTimeout(resolve));
    expect(errors[1]).toBe(`[page-agent] pageAgentQueue item 2 ('stop') failed: stop failed`);
  });

  it('says when there is no agent yet', () => {
    drainQueue({ pageAgentQueue: [['execute', 'a'], () => 1] }, () => undefined as never);
    expect(errors[0]).toMatch(/item 1 \('execute'\) failed: no agent is running yet: queue \["init", config\] first/);
    expect(errors[1]).toMatch(/item 2 \(function\) failed: no agent is running yet/);
  });

  it('replaces a queue that is neither an array nor a queue, saying so', () => {
    const target = stubTarget([], 'x');
    drainQueue(target, initOf(target));
    expect(errors).toEqual(['[page-agent] window.pageAgentQueue, neither an array nor a queue, was ignored.']);
    expect(typeof (target.pageAgentQueue as { push: unknown }).push).toBe('function');
  });
});
