// A task's plan: what a person would do, step by step, named by the words they would use. The
// scripted reasoner follows it through the page text; the validator follows it with Playwright.

/**
 * Click what `target` names (a string, or several equally human alternatives).
 * Options: `after` (words of a section the target follows, e.g. a legend), `pw` (a Playwright
 * locator for validation when the generic ones cannot tell, `(page) => Locator`).
 */
export const click = (target, options = {}) => ({ do: 'click', target, ...options });

/** Type `text` into the field `target` names; `keys: true` validates it key by key (widgets that only listen to keys). */
export const type = (target, text, options = {}) => ({ do: 'type', target, text, ...options });

/**
 * Choose `option` in the list control `target` names: a native select takes select_dropdown_option,
 * any other control is clicked open and the option clicked.
 */
export const choose = (target, option, options = {}) => ({ do: 'select', target, option, ...options });

/**
 * Look for `text` as a person does with Ctrl+F: an agent that offers `scroll_to_text` gets it called;
 * one that does not goes on to the next step, whose target it then looks for by scrolling.
 */
export const find = (text) => ({ do: 'find', target: text });

/** Node runner only: the browser's Back button in the current tab (`go_back`). */
export const back = () => ({ do: 'back' });

/** Node runner only: close the current tab and return to the previous one (`close_tab`). */
export const closeTab = () => ({ do: 'close-tab' });

/**
 * Node runner only: ask `question` of the whole text of the current page (`extract`). The model's
 * answer to that call is the page text `answer` (a RegExp) matches; the answers read become the final
 * answer (`done`'s text), so a task's `answer` check sees only what was read from the pages.
 */
export const extract = (question, answer) => ({ do: 'extract', target: question, answer });

/** One line describing a plan step, for traces and reports. */
export function describeStep(step) {
  const where = step.after ? ` (after "${[].concat(step.after)[0]}")` : '';
  const name = `"${[].concat(step.target)[0]}"${where}`;
  if (step.do === 'type') return `type "${step.text}" into ${name}`;
  if (step.do === 'select') return `choose "${step.option}" in ${name}`;
  if (step.do === 'find') return `find ${name}`;
  if (step.do === 'back') return 'go back';
  if (step.do === 'close-tab') return 'close the tab';
  if (step.do === 'extract') return `read "${step.target}"`;
  return `click ${name}`;
}
