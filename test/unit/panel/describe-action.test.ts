// Action and activity descriptions: elements by the names people use, directions, unknown tools.
import { describe, expect, it } from 'vitest';
import { describeAction, describeActivity, formatTarget } from '../../../src/panel/describe-action.js';
import { createTranslator } from '../../../src/panel/i18n.js';

const t = createTranslator('en-US');
// What PageAgent's describeElement gives: a live element's accessible name, a gone one's description.
const describeEl = (index: number) => (index === 7 ? 'Submit order' : index === 8 ? '*[8]<a href=/x>Next page />' : undefined);

describe('describeAction', () => {
  it('names the element as people do, never with markup', () => {
    expect(describeAction(t, 'click_element_by_index', { index: 7 }, describeEl)).toBe('Click Submit order');
    expect(describeAction(t, 'click_element_by_index', { index: 8 }, describeEl)).toBe('Click Next page');
    expect(describeAction(t, 'input_text', { index: 3, text: 'alice@example.com' }, describeEl)).toBe('Type “alice@example.com” into [3]');
  });

  it('describes scrolling with direction and amount', () => {
    expect(describeAction(t, 'scroll', { down: false, num_pages: 2 })).toBe('Scroll up 2 page(s)');
    expect(describeAction(t, 'scroll_horizontally', { right: true, pixels: 300, index: 7 }, describeEl)).toBe(
      'Scroll right 300 px in Submit order',
    );
  });

  it('falls back to the tool name and its arguments for custom tools', () => {
    expect(describeAction(t, 'lookup_order', { id: 12 })).toBe('lookup_order {"id":12}');
  });

  it('writes Chinese descriptions', () => {
    expect(describeAction(createTranslator('zh-CN'), 'click_element_by_index', { index: 7 }, describeEl)).toBe('点击 Submit order');
  });
});

describe('describeActivity', () => {
  it('describes thinking, executing, retrying and waiting', () => {
    expect(describeActivity(t, { type: 'thinking' })).toBe('Thinking…');
    expect(describeActivity(t, { type: 'executing', tool: 'click_element_by_index', input: { index: 7 } }, describeEl)).toBe(
      'Click Submit order…',
    );
    expect(describeActivity(t, { type: 'retrying', attempt: 1, maxAttempts: 2 })).toBe('Retrying 1/2');
    expect(describeActivity(t, { type: 'approval', tool: 'x', input: {} })).toBe('Waiting for your approval');
    expect(describeActivity(t, { type: 'asking', question: 'q' })).toBe('Waiting for your answer');
  });

  it('clips long results to one line', () => {
    const text = describeActivity(t, { type: 'executed', tool: 'x', input: {}, output: 'a\n'.repeat(100), duration: 1 });
    expect(text.length).toBeLessThanOrEqual(60);
    expect(text).not.toContain('\n');
  });
});

describe('formatTarget', () => {
  it('keeps a name, takes the text of a description, and falls back to the index', () => {
    expect(formatTarget(4, 'Shipping address')).toBe('Shipping address');
    expect(formatTarget(4, '*[4]<a href=/x>Next />')).toBe('Next');
    expect(formatTarget(4, '[4]<input type=text placeholder=Name />')).toBe('[4]');
    expect(formatTarget(4, undefined)).toBe('[4]');
    expect(formatTarget(4, 'x'.repeat(80))).toHaveLength(40);
    expect(formatTarget('4', 'x')).toBe('');
  });
});
