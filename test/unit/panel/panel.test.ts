// The panel bound to a fake agent: live status, steps, final answer, ask_user, approval, controls,
// setup notice, languages, definition guard and disposal. Geometry and focus are e2e tests.
import { afterEach, describe, expect, it } from 'vitest';
import { definePanelElement, PANEL_TAG } from '../../../src/panel/define-element.js';
import { Panel } from '../../../src/panel/panel.js';
import type { PanelConfig } from '../../../src/panel/types.js';
import { FakeAgent, step } from './fake-agent.js';

const panels: Panel[] = [];

function setup(config: PanelConfig = {}) {
  const agent = new FakeAgent();
  const panel = new Panel(agent, { recentTasksKey: false, ...config });
  panels.push(panel);
  const root = panel.element.shadowRoot!;
  const $ = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector);
  const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const settle = () => panel.element.updateComplete;
  return { agent, panel, root, $, text, settle };
}

afterEach(() => {
  for (const panel of panels.splice(0)) panel.dispose();
});

describe('Panel', () => {
  it('mounts hidden in the body, marked ignored, and shows itself when a task starts', async () => {
    const { agent, panel, settle } = setup();
    expect(panel.wrapper.parentElement).toBe(document.body);
    expect(panel.wrapper.hidden).toBe(true);
    expect(panel.wrapper.getAttribute('data-page-agent-ignore')).toBe('true');
    await agent.execute('find the cheapest order');
    await settle();
    expect(panel.wrapper.hidden).toBe(false);
  });

  it('shows the step in progress of the budget and a progress line while running, none after', async () => {
    const { agent, $, text, settle } = setup();
    Object.assign(agent, { config: { maxSteps: 4 } });
    await agent.execute('submit');
    agent.activity({ type: 'thinking' });
    await settle();
    expect(text('.status')).toBe('Step 1 of 4 · Thinking…');
    expect($<HTMLProgressElement>('progress.progress')?.value).toBe(1);
    expect($<HTMLProgressElement>('progress.progress')?.max).toBe(4);
    agent.push(step(1, 'click_element_by_index', { index: 1 }));
    agent.push(step(2, 'click_element_by_index', { index: 2 }));
    agent.activity({ type: 'thinking' });
    await settle();
    expect(text('.status')).toBe('Step 3 of 4 · Thinking…');
    expect($<HTMLProgressElement>('progress.progress')?.value).toBe(3);
    for (const n of [3, 4, 5]) agent.push(step(n, 'wait', { seconds: 1 }));
    await settle();
    expect(text('.status')).toBe('Step 4 of 4 · Thinking…');
    agent.setStatus('completed');
    await settle();
    expect(text('.status')).toBe('Task completed');
    expect($('progress.progress')).toBeNull();
  });

  it('shows and expands itself for a run that starts and ends before the next render', async () => {
    const { agent, panel, settle } = setup();
    agent.task = 'quick';
    agent.setStatus('running');
    agent.setStatus('completed');
    await settle();
    expect(panel.wrapper.hidden).toBe(false);
    expect(panel.element.expanded).toBe(true);
  });

  it('shows live status from activity with the element by its text', async () => {
    const { agent, text, settle } = setup({ describeElement: (i) => (i === 7 ? '[7]<button>Submit />' : undefined) });
    await agent.execute('submit');
    agent.activity({ type: 'thinking' });
    await settle();
    expect(text('.status')).toBe('Thinking…');
    agent.activity({ type: 'executing', tool: 'click_element_by_index', input: { index: 7 } });
    await settle();
    expect(text('.status')).toBe('Click Submit…');
    agent.activity({ type: 'retrying', attempt: 1, maxAttempts: 2 });
    await settle();
    expect(text('.status')).toBe('Retrying 1/2');
  });

  it('renders steps, observations, retries, errors and take-overs distinctly', async () => {
    const { agent, root, panel, settle } = setup();
    await agent.execute('fill the form');
    panel.expand();
    agent.push(step(0, 'input_text', { index: 2, text: 'Ada' }, 'Typed "Ada" into [2] <input name=first>', 'Enter the first name'));
    agent.push({ type: 'observation', content: 'The URL changed to /step2' });
    agent.push({ type: 'retry', message: 'rate limited', attempt: 1, maxAttempts: 2 });
    agent.push({ type: 'user_takeover' });
    agent.push({ type: 'error', message: 'model unreachable' });
    await settle();
    const cards = [...root.querySelectorAll('.steps > li.card')].map((li) => li.className.replace('card', '').trim());
    expect(cards).toEqual(['task', 'step', 'observation', 'retry', 'takeover', 'error']);
    const stepCard = root.querySelector('.card.step')!;
    expect(stepCard.querySelector('.goal')?.textContent).toContain('Enter the first name');
    expect(stepCard.querySelector('.action')?.textContent).toBe('Type “Ada” into [2]');
    // The result restates the typing: the action line says it all (#18).
    expect(stepCard.querySelector('.result')).toBeNull();
  });

  it('shows what the page did after a step in plain words, and why a step failed (#18)', async () => {
    const { agent, root, panel, settle } = setup();
    await agent.execute('add it');
    panel.expand();
    agent.push(step(0, 'click_element_by_index', { index: 3 }, 'Clicked [3]<button>Add task />. The form <form id=new-task class=new-task>Title Assignee Unassigned Maria… was submitted (the page handled it without leaving). 3 elements appeared in the page; read it again to see them (marked with *).'));
    agent.push(step(1, 'click_element_by_index', { index: 4 }, 'Did not click [4]<button>Save />: it is disabled. It may become enabled once required fields are filled or another step is done.'));
    await settle();
    const results = [...root.querySelectorAll('.card.step .result')];
    expect(results.map((line) => line.textContent)).toEqual(['ResultForm submitted', 'ResultNot done: it is disabled']);
    expect(results.map((line) => line.classList.contains('failed'))).toEqual([false, true]);
  });

  it('renders the final answer as markdown with a copy button and shows token usage with cost', async () => {
    const { agent, root, settle } = setup({ pricing: { promptPerToken: 1e-6, completionPerToken: 2e-6 } });
    await agent.execute('which order is largest?');
    agent.push(step(0, 'done', { text: 'Order **A-2** is largest:\n\n| id | total |\n|---|---|\n| A-2 | 40 |', success: true }));
    agent.setStatus('completed', true);
    await settle();
    const answer = root.querySelector('.card.answer')!;
    expect(answer.querySelector('strong')?.textContent).toBe('A-2');
    expect(answer.querySelectorAll('td')).toHaveLength(2);
    expect(answer.querySelector('button.copy')).not.toBeNull();
    expect(root.querySelector('.steps')!.hasAttribute('hidden')).toBe(false);
    expect(root.querySelector('.usage')?.textContent).toBe('Tokens: 1,000 in · 50 out · ≈ $0.0011');
    expect(root.querySelector('.status')?.textContent).toBe('Task completed');
  });

  it('marks a failed done as failed', async () => {
    const { agent, root, settle } = setup();
    await agent.execute('x');
    agent.push(step(0, 'done', { text: 'No such order', success: false }));
    agent.setStatus('completed', false);
    await settle();
    expect(root.querySelector('.card.answer.failed')).not.toBeNull();
    expect(root.querySelector('.status')?.textContent).toBe('Task failed');
  });

  it('submits the task on Enter, keeps Shift+Enter for new lines, and recalls with ArrowUp', async () => {
    const { agent, $, settle } = setup();
    await settle();
    const area = $<HTMLTextAreaElement>('textarea.task-input')!;
    area.value = 'line one';
    area.dispatchEvent(new Event('input'));
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, composed: true }));
    expect(agent.calls).toEqual([]);
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await settle();
    await Promise.resolve();
    expect(agent.calls).toEqual(['execute:line one']);
    agent.setStatus('completed');
    await settle();
    const again = $<HTMLTextAreaElement>('textarea.task-input')!;
    expect(again.value).toBe('');
    again.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }));
    await settle();
    expect($<HTMLTextAreaElement>('textarea.task-input')!.value).toBe('line one');
  });

  it('shows an execute error instead of swallowing it', async () => {
    const { agent, $, text, settle } = setup();
    agent.executeError = new Error('PageAgent is already running');
    await settle();
    const area = $<HTMLTextAreaElement>('textarea.task-input')!;
    area.value = 'x';
    area.dispatchEvent(new Event('input'));
    $<HTMLFormElement>('form.input')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(text('.notice.error')).toBe('PageAgent is already running');
  });

  it('answers ask_user inline and rejects when the run is stopped', async () => {
    const { agent, $, root, settle } = setup();
    await agent.execute('book');
    const answer = agent.onAskUser!('Which date?', { signal: new AbortController().signal });
    await settle();
    expect(root.querySelector('.card.ask #ask-q')?.textContent).toBe('Which date?');
    const field = $<HTMLTextAreaElement>('.answer-input')!;
    field.value = 'Friday';
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await expect(answer).resolves.toBe('Friday');
    await settle();
    expect(root.querySelector('.card.ask')).toBeNull();

    const controller = new AbortController();
    const pending = agent.onAskUser!('Again?', { signal: controller.signal });
    await settle();
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await settle();
    expect(root.querySelector('.card.ask')).toBeNull();
  });

  it('sends allow and deny-with-note for approval activity', async () => {
    const { agent, $, root, settle } = setup();
    await agent.execute('pay');
    agent.activity({ type: 'approval', tool: 'click_element_by_index', input: { index: 4 }, reason: 'the button says Pay', element: '<button>Pay now' });
    await settle();
    expect(root.querySelector('.card.approval .reason')?.textContent).toBe('Why: the button says Pay');
    // The element is named once, in the action line, without its markup (#18).
    expect(root.querySelector('.card.approval .action')?.textContent).toBe('Click [4]');
    expect(root.querySelector('.card.approval')?.textContent).not.toContain('<button');
    $<HTMLButtonElement>('button.allow')!.click();
    expect(agent.decisions).toEqual([{ allow: true }]);
    await settle();
    expect(root.querySelector('.card.approval')).toBeNull();

    agent.activity({ type: 'approval', tool: 'click_element_by_index', input: { index: 5 } });
    await settle();
    $<HTMLInputElement>('.note-input')!.value = 'use the test card instead';
    $<HTMLButtonElement>('button.deny')!.click();
    expect(agent.decisions[1]).toEqual({ allow: false, note: 'use the test card instead' });
  });

  it('offers pause, take over and stop while running and reflects the control state', async () => {
    const { agent, $, text, settle } = setup();
    await agent.execute('long task');
    await settle();
    $<HTMLButtonElement>('button.pause')!.click();
    expect(agent.calls).toContain('pause');
    agent.setControl('paused');
    await settle();
    expect(text('.status')).toBe('Paused');
    $<HTMLButtonElement>('button.resume')!.click();
    expect(agent.calls).toContain('resume');
    agent.setControl('takeover');
    await settle();
    expect(text('.status')).toBe('You have control; press Resume when done');
    expect($('button.takeover')).toBeNull();
    agent.setControl('running');
    await settle();
    $<HTMLButtonElement>('button.takeover')!.click();
    expect(agent.calls).toContain('takeOver');
    $<HTMLButtonElement>('button.stop')!.click();
    expect(agent.calls).toContain('stop');
  });

  it('derives pausing and paused from a core without controlState', async () => {
    const { agent, $, text, settle } = setup();
    await agent.execute('t');
    await settle();
    $<HTMLButtonElement>('button.pause')!.click();
    await settle();
    expect(text('.status')).toBe('Pausing after this step…');
    agent.activity({ type: 'paused' });
    await settle();
    expect(text('.status')).toBe('Paused');
    agent.activity({ type: 'thinking' });
    await settle();
    expect(text('.status')).toBe('Thinking…');
  });

  it('shows a setup message and disables running when baseURL or model is missing', async () => {
    const { $, text, settle } = setup({ missingConfig: ['baseURL', 'model'] });
    await settle();
    expect(text('.notice.setup')).toContain('Missing: baseURL, model');
    expect($<HTMLButtonElement>('button.run')!.disabled).toBe(true);
  });

  it('speaks Chinese when language is zh-CN', async () => {
    const { agent, text, $, settle } = setup({ language: 'zh-CN' });
    await settle();
    expect(text('.status')).toBe('准备就绪');
    expect($('textarea.task-input')!.getAttribute('placeholder')).toBe('描述任务，回车运行');
    await agent.execute('x');
    await settle();
    expect(text('button.stop')).toBe('终止');
  });

  it('removes itself when the agent is disposed, and the close button disposes the agent', async () => {
    const { agent, panel, $, settle } = setup();
    await settle();
    $<HTMLButtonElement>('button.close')!.click();
    expect(agent.calls).toEqual(['dispose']);
    expect(panel.wrapper.isConnected).toBe(false);
    expect(agent.onAskUser).toBeUndefined();
  });

  it('puts itself back when the app replaces the body content', async () => {
    const { panel } = setup();
    document.body.replaceChildren();
    await new Promise((r) => setTimeout(r, 0));
    expect(panel.wrapper.isConnected).toBe(true);
  });
});

describe('definePanelElement', () => {
  it('defines the tag once and is idempotent', () => {
    expect(definePanelElement()).toBe(PANEL_TAG);
    expect(definePanelElement()).toBe(PANEL_TAG);
  });

  /** A registry where `owner` already holds the panel tag. */
  const registryWith = (owner: CustomElementConstructor) => ({
    defined: new Map<string, CustomElementConstructor>([[PANEL_TAG, owner]]),
    get(name: string) {
      return this.defined.get(name);
    },
    define(name: string, ctor: CustomElementConstructor) {
      this.defined.set(name, ctor);
    },
  });

  it('reuses the tag when a copy of the same version owns it (a re-injected bundle)', () => {
    const sameVersion = class extends HTMLElement {};
    (sameVersion as unknown as Record<symbol, string>)[Symbol.for('page-agent.panel-version')] = 'test';
    const registry = registryWith(sameVersion);
    expect(definePanelElement(registry as unknown as CustomElementRegistry)).toBe(PANEL_TAG);
    expect(registry.defined.size).toBe(1);
  });

  it('picks another name when a different class owns the tag', () => {
    const registry = {
      defined: new Map<string, CustomElementConstructor>([[PANEL_TAG, class extends HTMLElement {}]]),
      get(name: string) {
        return this.defined.get(name);
      },
      define(name: string, ctor: CustomElementConstructor) {
        this.defined.set(name, ctor);
      },
    };
    expect(definePanelElement(registry as unknown as CustomElementRegistry)).toBe(`${PANEL_TAG}-2`);
  });
});
