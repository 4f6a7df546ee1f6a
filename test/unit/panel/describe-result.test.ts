// The result line of a step in plain words (#18), from model-facing results as our actions write them.
import { describe, expect, it } from 'vitest';
import { describeResult, plainResult } from '../../../src/panel/describe-result.js';
import { createTranslator } from '../../../src/panel/i18n.js';

const en = createTranslator('en-US');
const zh = createTranslator('zh-CN');

// Results as the demo's board gives them (test/e2e/demo), and as the actions' fixed sentences read.
const ADDED =
  'Clicked [3]<button>Add task />. The form <form id=new-task class=new-task>Title Assignee Unassigned Maria Sam Wei… was submitted (the page handled it without leaving). Text changed in <div id=demo-toast role=status class=toast>"Fix login redirect loop" added to To d… (shown as it is now). 159 elements appeared in the page; read it again to see them (marked with *).';
const TYPED = 'Typed "Fix login redirect loop" into [0]<input placeholder=What needs doing? required>Title />.';
const SELECTED = 'Selected "Maria" in [1]<select label=Assignee value=Unassigned>Unassigned | Maria | Sam | Wei | Priya />.';

describe('describeResult', () => {
  it('leaves out a result that only restates the action, with the old value it names', () => {
    expect(describeResult(en, TYPED)).toBeUndefined();
    expect(describeResult(en, SELECTED)).toBeUndefined();
    expect(describeResult(zh, 'Clicked [3]<button>Add task />.')).toBeUndefined();
  });

  it('says what the page did, without markup, in en and zh-CN', () => {
    expect(describeResult(en, ADDED)).toEqual({ text: 'Form submitted · Now reads “"Fix login redirect loop" added to To d…”', failed: false });
    expect(describeResult(zh, ADDED)).toEqual({ text: '表单已提交 · 现在显示“"Fix login redirect loop" added to To d…”', failed: false });
    expect(describeResult(en, 'Clicked [5]<button>Delete />. A dialog opened: <div role=dialog aria-label=Confirm>Delete this task?.')?.text).toBe('Dialog opened: Delete this task?');
    expect(describeResult(zh, 'Clicked [5]<button>Cancel />. The dialog <div role=dialog>Delete this task? closed.')?.text).toBe('对话框已关闭');
    expect(describeResult(en, 'Clicked [2]<input type=checkbox>Remember me />. It is now checked.')?.text).toBe('Now checked');
    expect(describeResult(zh, 'Clicked [8]<button>Menu />. aria-expanded is now true.')?.text).toBe('现在：true');
    expect(describeResult(en, 'Clicked [1]<a>Docs />. A page navigation started to https://example.com/docs; read the page again once it has loaded.')?.text).toBe('Opening another page');
    expect(describeResult(en, 'Typed "5" into [4]<input type=number>Qty />; the field now shows "5.00" (the page reformatted or limited it).')?.text).toBe('The field shows “5.00”');
  });

  it('says why an action did not happen, in the panel language', () => {
    const disabled = 'Did not click [4]<button>Save />: it is disabled. It may become enabled once required fields are filled or another step is done.';
    expect(describeResult(en, disabled)).toEqual({ text: 'Not done: it is disabled', failed: true });
    expect(describeResult(zh, disabled)).toEqual({ text: '未完成：元素已禁用', failed: true });
    expect(describeResult(zh, 'Did not click [4]<button>Save />: it is covered by <div class=cookie-banner>We use cookies…, which would receive the pointer instead.')?.text).toBe('未完成：被其他元素遮挡');
    expect(describeResult(en, 'Did not click [9]<a>Next />: it is not visible (it has no box on the page). Read the page again, or reveal it first.')?.text).toBe('Not done: it is not visible');
    expect(describeResult(en, 'Element [12] is no longer in the page; the page changed. Read the page again. Nearby: …')?.text).toBe('Not done: the page changed and the element is gone');
    expect(describeResult(en, 'There is no element with index [40]; read the page again.')?.text).toBe('Not done: the page changed and the element is gone');
  });

  it('shows other failures and other tools’ results without markup or hints to the model', () => {
    const reverted = describeResult(en, 'Selected "Maria" in [1]<select label=Assignee value=Unassigned>Unassigned | Maria />, but the page reverted it; it shows "Unassigned".');
    expect(reverted).toEqual({ text: 'Selected "Maria" in Unassigned | Maria, but the page reverted it; it shows "Unassigned".', failed: true });
    expect(describeResult(en, 'Scrolled the page down by 800 px. 2 elements appeared in the page; read it again to see them (marked with *).')?.text).toBe(
      'Scrolled the page down by 800 px. 2 elements appeared in the page.',
    );
    expect(describeResult(en, 'Order 42: shipped')).toEqual({ text: 'Order 42: shipped', failed: false });
    expect(describeResult(en, '')).toBeUndefined();
  });

  it('keeps page text that only looks like markup inside a name', () => {
    expect(plainResult('Clicked *[7]<button>Save & close />.')).toBe('Clicked Save & close.');
    expect(plainResult('Clicked [7]<div role=button> />.')).toBe('Clicked [7].');
  });
});
