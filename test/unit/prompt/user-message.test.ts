// The per-step user message, built by pure functions from plain data.
import { describe, expect, it } from 'vitest';
import { buildUserMessage, formatHistory, formatInstructions, formatPage, formatStepInfo } from '../../../src/prompt/index.js';
import type { HistoricalEvent } from '../../../src/types.js';

const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };

describe('formatInstructions', () => {
  it('is empty without instructions and lists only the parts given', () => {
    expect(formatInstructions()).toBe('');
    expect(formatInstructions({ system: '  ', page: null })).toBe('');
    expect(formatInstructions({ system: 'Be brief.', llmsTxt: '# Site' })).toBe(
      '<instructions>\n<system_instructions>\nBe brief.\n</system_instructions>\n<llms_txt>\n# Site\n</llms_txt>\n</instructions>',
    );
  });
});

describe('formatStepInfo', () => {
  it('counts steps from 1 and marks the last one', () => {
    expect(formatStepInfo({ step: 1, maxSteps: 40 })).toBe('<step>Step 1 of 40.</step>');
    expect(formatStepInfo({ step: 40, maxSteps: 40 })).toContain('This is the last step: only done is available.');
  });

  it('shows the local time when given', () => {
    expect(formatStepInfo({ step: 2, maxSteps: 5, now: new Date(2025, 0, 2, 9, 5) })).toBe('<step>Step 2 of 5. Local time: 2025-01-02 09:05 Thu.</step>');
  });
});

describe('formatHistory', () => {
  it('numbers steps, shows action and result, and puts notes between them', () => {
    const history: HistoricalEvent[] = [
      { type: 'observation', content: 'first note' },
      {
        type: 'step',
        stepIndex: 0,
        reflection: { evaluation_previous_goal: 'start', memory: 'nothing yet', next_goal: 'type the query' },
        action: { name: 'input_text', input: { index: 0, text: 'shoes' }, output: 'Typed "shoes" into [0]<input name=q />' },
        usage,
      },
      { type: 'retry', message: 'retrying', attempt: 1, maxAttempts: 2 },
      { type: 'error', message: 'boom' },
      { type: 'user_takeover' },
      { type: 'step', stepIndex: 1, reflection: {}, action: { name: 'done', input: { text: 'x', success: true }, output: 'Task completed' }, usage },
    ];
    expect(formatHistory(history)).toBe(
      [
        '<history>',
        'note: first note',
        '1. evaluation: start',
        '   memory: nothing yet',
        '   goal: type the query',
        '   action: input_text {"index":0,"text":"shoes"}',
        '   result: Typed "shoes" into [0]<input name=q />',
        'note: The user took over and changed the page; read it again before acting.',
        '2. action: done',
        '</history>',
      ].join('\n'),
    );
  });

  it('leaves out missing reflection fields instead of printing undefined', () => {
    const history: HistoricalEvent[] = [
      { type: 'step', stepIndex: 0, reflection: { next_goal: 'scroll' }, action: { name: 'scroll', input: {}, output: 'Scrolled' }, usage },
    ];
    const text = formatHistory(history);
    expect(text).toContain('1. goal: scroll\n   action: scroll\n   result: Scrolled');
    expect(text).not.toContain('undefined');
  });

  it('says when there is no history yet', () => {
    expect(formatHistory([])).toBe('<history>\nNo steps yet.\n</history>');
  });
});

describe('formatPage and buildUserMessage', () => {
  it('keeps the indentation of the first content line', () => {
    expect(formatPage({ header: 'URL: x\n', content: '\t[0]<a>Home />\n\t[1]<a>Cart />\n', footer: '' })).toBe('<page>\nURL: x\n\t[0]<a>Home />\n\t[1]<a>Cart />\n</page>');
  });

  it('fences the page text with lines carrying the run\'s marker', () => {
    expect(formatPage({ header: 'URL: x', content: '[0]<a>Home />', footer: '' }, 'k3x9')).toBe('<page>\n--- page k3x9 ---\nURL: x\n[0]<a>Home />\n--- end of page k3x9 ---\n</page>');
  });

  it('assembles instructions, task, step, history and page in order', () => {
    const message = buildUserMessage({
      instructions: { page: 'Use the filters.' },
      task: 'find red shoes',
      step: { step: 1, maxSteps: 3 },
      history: [],
      page: { header: 'URL: https://shop.test/', content: '[0]<input />', footer: '(end)' },
    });
    const order = ['<instructions>', '<task>', '<step>', '<history>', '<page>'].map((tag) => message.indexOf(tag));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBe(0);
    expect(message.endsWith('(end)\n</page>')).toBe(true);
  });
});
