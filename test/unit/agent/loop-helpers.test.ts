// The loop's helpers: loop detection, notes, pause/resume control, the approval gate and DOM quiet.
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalGate } from '../../../src/agent/approval-gate.js';
import { waitForQuiet, watchDomChanges } from '../../../src/agent/dom-activity.js';
import { describeAction, LoopDetector, pageFingerprint } from '../../../src/agent/loop-detector.js';
import { budgetNote, changedWhileThinkingNote, pageChangeNotes, waitingNote } from '../../../src/agent/notes.js';
import { RunControl } from '../../../src/agent/run-control.js';

afterEach(() => document.body.replaceChildren());

const page = { url: 'https://a.test/', header: 'h', content: '[0]<button>A />\n\t*[1]<a>B />', footer: 'f' };

describe('LoopDetector', () => {
  it('warns at the third and stops from the fifth identical action on one fingerprint', () => {
    const loops = new LoopDetector();
    const fp = pageFingerprint(page);
    const levels = Array.from({ length: 6 }, () => loops.record({ name: 'click_element_by_index', input: { index: 1 } }, fp).level);
    expect(levels).toEqual(['none', 'none', 'warn', 'none', 'stop', 'stop']);
  });

  it('tells actions, inputs and pages apart, ignoring key order and new-element marks', () => {
    const loops = new LoopDetector();
    const fp = pageFingerprint(page);
    expect(pageFingerprint({ ...page, content: page.content.replace('*[1]', '[1]') })).toBe(fp);
    expect(pageFingerprint({ ...page, header: 'scrolled' })).not.toBe(fp);
    loops.record({ name: 'scroll', input: { down: true, num_pages: 1 } }, fp);
    expect(loops.record({ name: 'scroll', input: { num_pages: 1, down: true } }, fp).count).toBe(2);
    expect(loops.record({ name: 'scroll', input: { down: false, num_pages: 1 } }, fp).count).toBe(1);
    loops.forgive({ name: 'scroll', input: { down: true, num_pages: 1 } }, fp);
    expect(loops.record({ name: 'scroll', input: { down: true, num_pages: 1 } }, fp).count).toBe(1);
  });

  it('describes actions compactly', () => {
    expect(describeAction({ name: 'click_element_by_index', input: { index: 3 } })).toBe('click_element_by_index {"index":3}');
    expect(describeAction({ name: 'cart_total', input: {} })).toBe('cart_total');
  });
});

describe('notes', () => {
  it('warns about the budget once, when three steps remain', () => {
    const at = (max: number) => Array.from({ length: max }, (_, i) => budgetNote(i, max) !== null);
    expect(at(40).filter(Boolean)).toHaveLength(1);
    expect(at(40)[37]).toBe(true);
    expect(at(2)).toEqual([true, false]);
    expect(at(1)).toEqual([false]);
  });

  it('notes URL and title changes, waiting and changes while thinking', () => {
    expect(pageChangeNotes(null, { url: 'a', title: 't' })).toEqual([]);
    expect(pageChangeNotes({ url: 'a', title: 't' }, { url: 'a', title: 't' })).toEqual([]);
    expect(pageChangeNotes({ url: 'a', title: 't' }, { url: 'b', title: 't' })).toEqual(['The URL changed from a to b.']);
    expect(waitingNote(2)).toBeNull();
    expect(waitingNote(4)).toContain('4 s');
    expect(changedWhileThinkingNote(2, 0)).toBeNull();
    expect(changedWhileThinkingNote(2, 1)).toContain('(1 update)');
  });
});

describe('RunControl', () => {
  it('turns a pause request into a hold at the boundary and releases it on resume', async () => {
    let changes = 0;
    const control = new RunControl(() => changes++);
    control.pause();
    expect(control.state).toBe('pausing');
    let held = false;
    const hold = control.hold(new AbortController().signal, () => (held = true));
    expect(control.state).toBe('paused');
    expect(held).toBe(true);
    expect(control.resume()).toBe(false);
    await hold;
    expect(control.state).toBe('running');
    expect(changes).toBe(3);
  });

  it('does not hold when a listener resumes at once, from the state change or from onHold', async () => {
    const fromChange = new RunControl(() => {
      if (fromChange.state === 'paused') fromChange.resume();
    });
    fromChange.pause();
    let held = false;
    await fromChange.hold(new AbortController().signal, () => (held = true));
    expect(fromChange.state).toBe('running');
    expect(held).toBe(false);

    const fromHold = new RunControl(() => {});
    fromHold.pause();
    await fromHold.hold(new AbortController().signal, () => fromHold.resume());
    expect(fromHold.state).toBe('running');
  });

  it('reports a take-over on resume, and rejects a hold on abort', async () => {
    const control = new RunControl(() => {});
    control.takeOver();
    const abort = new AbortController();
    const hold = control.hold(abort.signal, () => {});
    abort.abort();
    await expect(hold).rejects.toMatchObject({ name: 'AbortError' });
    expect(control.resume()).toBe(true);
  });
});

describe('ApprovalGate', () => {
  it('holds a request until respond(), and only one answer counts', async () => {
    const gate = new ApprovalGate();
    const asked: unknown[] = [];
    const decision = gate.decide(
      'click_element_by_index',
      { index: 1 },
      'all',
      { url: 'u', signal: new AbortController().signal, reason: 'r' },
      null,
      (request) => asked.push(request),
      () => {},
    );
    expect(asked).toEqual([{ tool: 'click_element_by_index', input: { index: 1 }, reason: 'r', element: undefined }]);
    expect(gate.pending).toMatchObject({ tool: 'click_element_by_index' });
    expect(gate.respond('ask')).toBe(false);
    expect(gate.respond({ allow: false, note: 'no' })).toBe(true);
    expect(gate.respond(true)).toBe(false);
    await expect(decision).resolves.toEqual({ allow: false, note: 'no', asked: true, reason: 'r' });
    expect(gate.pending).toBeNull();
  });

  it('re-checks an allowed action just before it runs, and refuses it when its risk changed', async () => {
    const gate = new ApprovalGate();
    const context = { url: 'u', signal: new AbortController().signal };
    const decide = (recheck: () => string | undefined) => gate.decide('click_element_by_index', { index: 1 }, 'risky', context, null, () => {}, () => {}, recheck);
    await expect(decide(() => undefined)).resolves.toEqual({ allow: true });
    const changed = await decide(() => 'says “delete”');
    expect(changed.allow).toBe(false);
    expect(changed).toMatchObject({ result: 'Not run: the target changed after the decision (now it says “delete”); read the page again.' });
  });
});

describe('DOM activity', () => {
  // Each wait below could only end through the bound under test; otherwise the 5 s test timeout fails it.
  it('waitForQuiet resolves once the DOM has been quiet for quietMs', async () => {
    await waitForQuiet(undefined, 20, 60_000);
  });

  it('waitForQuiet gives up after maxMs on a page that never stops changing', async () => {
    const timer = setInterval(() => document.body.append(document.createElement('i')), 2);
    try {
      await waitForQuiet(undefined, 60_000, 50);
    } finally {
      clearInterval(timer);
    }
  });

  it('waitForQuiet rejects on abort', async () => {
    const abort = new AbortController();
    const waiting = waitForQuiet(abort.signal, 1000, 5000);
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('watchDomChanges counts element insertions and removals outside the agent UI only', async () => {
    const ui = document.createElement('div');
    ui.setAttribute('data-page-agent-ignore', '');
    document.body.append(ui);
    const stop = watchDomChanges();
    ui.append(document.createElement('span'));
    document.body.append(document.createTextNode('tick'));
    const p = document.createElement('p');
    document.body.append(p);
    p.remove();
    expect(stop()).toBe(2);
  });
});
