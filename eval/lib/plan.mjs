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

/**
 * Output tasks (#20): read the task's answer out of the page text, `answer` being how a person finds
 * each value by the words around it (see read.mjs readAnswer). The reasoner reads it from the step's
 * page listing; when the listing does not hold it, it calls ours' `extract` (the whole page text) or
 * scrolls (an agent without extract). `via: 'extract'` calls extract at once when it is offered.
 * The data read becomes `done`'s `data` (ours) or, as JSON, its text (an agent without `data`).
 * `sloppy: true`: the model writes numbers as strings ("12.5") wherever it first gives the data
 * (ours' extract call or done's data; an agent without data, done's JSON text), as a careless model
 * does: a validating agent repairs them.
 */
export const read = (question, answer, options = {}) => ({ do: 'read', target: question, answer, via: 'auto', ...options });

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
  if (step.do === 'read') return `read "${step.target}"${step.via === 'extract' ? ' (with extract)' : ''}`;
  return `click ${name}`;
}
