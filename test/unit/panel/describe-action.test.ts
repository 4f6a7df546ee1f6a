// Action and activity descriptions: element descriptions, directions, unknown tools.
import { describe, expect, it } from 'vitest';
import { describeAction, describeActivity, formatTarget } from '../../../src/panel/describe-action.js';
import { createTranslator } from '../../../src/panel/i18n.js';

const t = createTranslator('en-US');
const describeEl = (index: number) => (index === 7 ? '[7]<button type=submit>Submit order />' : undefined);

describe('describeAction', () => {
  it('names the element with its description', () => {
    expect(describeAction(t, 'click_element_by_index', { index: 7 }, describeEl)).toBe('Click [7] <button type=submit>Submit order');
    expect(describeAction(t, 'input_text', { index: 3, text: 'alice@example.com' }, describeEl)).toBe('Type “alice@example.com” into [3]');
  });

  it('describes scrolling with direction and amount', () => {
    expect(describeAction(t, 'scroll', { down: false, num_pages: 2 })).toBe('Scroll up 2 page(s)');
    expect(describeAction(t, 'scroll_horizontally', { right: true, pixels: 300, index: 7 }, describeEl)).toBe(
      'Scroll right 300 px in [7] <button type=submit>Submit order',
    );
  });

  it('falls back to the tool name and its arguments for custom tools', () => {
    expect(describeAction(t, 'lookup_order', { id: 12 })).toBe('lookup_order {"id":12}');
  });

  it('writes Chinese descriptions', () => {
    expect(describeAction(createTranslator('zh-CN'), 'click_element_by_index', { index: 7 }, describeEl)).toBe('点击 [7] <button type=submit>Submit order');
  });
});

describe('describeActivity', () => {
  it('describes thinking, executing, retrying and waiting', () => {
    expect(describeActivity(t, { type: 'thinking' })).toBe('Thinking…');
    expect(describeActivity(t, { type: 'executing', tool: 'click_element_by_index', input: { index: 7 } }, describeEl)).toBe(
      'Click [7] <button type=submit>Submit order…',
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
  it('strips the new-element star and the closing slash', () => {
    expect(formatTarget(4, '*[4]<a href=/x>Next />')).toBe('[4] <a href=/x>Next');
    expect(formatTarget('4', 'x')).toBe('');
  });
});
