// The rememberTasks option: recent tasks live in the host page's localStorage by default, and with
// rememberTasks: false the panel (alone or inside PageAgent) never reads or writes it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Panel } from '../../../src/panel/panel.js';
import type { PanelConfig } from '../../../src/panel/types.js';
import { PageAgent } from '../../../src/page-agent.js';
import { FakeAgent } from './fake-agent.js';

const KEY = 'page-agent:recent-tasks';
const disposables: Array<{ dispose(): void }> = [];

function setup(config: PanelConfig = {}) {
  const agent = new FakeAgent();
  const panel = new Panel(agent, config);
  disposables.push(panel);
  const area = () => panel.element.shadowRoot!.querySelector<HTMLTextAreaElement>('textarea.task-input')!;
  const settle = () => panel.element.updateComplete;
  const submit = async (task: string) => {
    await settle();
    area().value = task;
    area().dispatchEvent(new Event('input'));
    area().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await settle();
    agent.setStatus('completed');
    await settle();
  };
  const recall = async () => {
    await settle();
    area().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }));
    await settle();
    return area().value;
  };
  return { agent, panel, submit, recall, settle };
}

/** A localStorage stand-in (installed as the global) that records every call. */
function recordingStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const calls: string[] = [];
  const storage = {
    getItem: (key: string) => (calls.push(`get ${key}`), items.get(key) ?? null),
    setItem: (key: string, value: string) => void (calls.push(`set ${key}`), items.set(key, String(value))),
    removeItem: (key: string) => void (calls.push(`remove ${key}`), items.delete(key)),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  } as Storage;
  vi.stubGlobal('localStorage', storage);
  return { items, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const item of disposables.splice(0)) item.dispose();
});

describe('rememberTasks', () => {
  it('by default keeps submitted tasks in localStorage and recalls them in a later panel', async () => {
    const { items } = recordingStorage();
    await setup().submit('find the cheapest order');
    expect(JSON.parse(items.get(KEY)!)).toEqual(['find the cheapest order']);
    expect(await setup().recall()).toBe('find the cheapest order');
  });

  it('with false, never reads or writes localStorage and still recalls tasks of this page view', async () => {
    const { items, calls } = recordingStorage({ [KEY]: JSON.stringify(['an older task']) });
    const { agent, submit, recall } = setup({ rememberTasks: false });
    expect(await recall()).toBe('');
    await submit('fill the form');
    expect(agent.calls).toEqual(['execute:fill the form']);
    expect(await recall()).toBe('fill the form');
    expect(calls).toEqual([]);
    expect(items.get(KEY)).toBe(JSON.stringify(['an older task']));
  });

  it('is passed from PageAgent to its panel (default on, false off)', () => {
    const base = { baseURL: 'https://llm.test/v1', model: 'm', apiKey: 'k', customFetch: (() => new Promise(() => {})) as typeof fetch };
    const { calls } = recordingStorage();
    disposables.push(new PageAgent({ ...base, rememberTasks: false }));
    expect(calls).toEqual([]);
    disposables.push(new PageAgent(base));
    expect(calls).toEqual([`get ${KEY}`]);
  });
});
