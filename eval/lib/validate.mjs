// Validation: drives a task's plan with Playwright's real input (no agent), locating each target the
// way a test author would (role and name, label, placeholder, text). A task whose check already holds
// on the fresh page, or does not hold after the plan, is invalid and not counted.
import { checkState } from './check.mjs';
import { describeStep } from './plan.mjs';
import { openTaskPage, readState, settle } from './task-page.mjs';

const CLICK_ROLES = ['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'gridcell', 'combobox'];
const FIELD_ROLES = ['textbox', 'combobox', 'spinbutton', 'searchbox'];
const OPTION_ROLES = ['option', 'menuitem', 'menuitemradio', 'treeitem', 'gridcell'];

/** Locators a person's words could mean, most specific first. */
function candidates(page, kind, name) {
  const roles = (list) => list.map((role) => page.getByRole(role, { name, exact: true }));
  if (kind === 'type') return [page.getByLabel(name, { exact: true }), ...roles(FIELD_ROLES), page.getByPlaceholder(name, { exact: true }), page.getByLabel(name)];
  if (kind === 'control') return [page.getByLabel(name, { exact: true }), ...roles(['combobox', 'button', 'listbox']), page.getByLabel(name)];
  if (kind === 'option') return [...roles(OPTION_ROLES), page.getByText(name, { exact: true })];
  return [...roles(CLICK_ROLES), page.getByLabel(name, { exact: true }), page.getByText(name, { exact: true }), page.getByText(name)];
}

/** Smallest box a person can see and aim at, in CSS pixels (a 1px clipped input is not one). */
const MIN_SIZE = 4;

/**
 * Whether a person could click `element`: after scrolling it into view, the point at its centre hits
 * it or something inside it (a hidden input under its label is not; its label is found by its text).
 */
async function isClickable(element) {
  if (!(await element.isVisible())) return false;
  try {
    await element.scrollIntoViewIfNeeded({ timeout: 3000 });
  } catch {
    return false;
  }
  return element.evaluate((el, minSize) => {
    const box = el.getBoundingClientRect();
    if (box.width < minSize || box.height < minSize) return false;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
    let hit = el.getRootNode().elementFromPoint?.(x, y) ?? document.elementFromPoint(x, y);
    return !!hit && (el === hit || el.contains(hit));
  }, MIN_SIZE);
}

/** Wheel turns a person gives a page that loads more as it scrolls, looking for a target. */
const MAX_WHEELS = 15;

/**
 * The first candidate element that a person can see and that would take a click there; when there is
 * none yet, the page is scrolled down with the wheel (infinite lists load as they scroll) and searched again.
 */
async function locate(page, kind, target, override) {
  const names = [].concat(target);
  for (let wheel = 0; ; wheel++) {
    const lists = override ? [override(page)] : names.flatMap((name) => candidates(page, kind, name));
    for (const list of lists) {
      const count = await list.count();
      for (let i = 0; i < count; i++) {
        const element = list.nth(i);
        if (await isClickable(element)) return element;
      }
    }
    if (wheel === MAX_WHEELS) break;
    const where = () => page.evaluate(() => `${scrollY}:${document.documentElement.scrollHeight}`);
    const before = await where();
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(500);
    // Nothing moved and nothing loaded: the target is not further down.
    if ((await where()) === before) break;
  }
  throw new Error(`no visible element for "${names[0]}" (${kind})`);
}

/** Fills the field, or with `keys` (a widget that reacts only to key events) clears it and types key by key. */
async function typeInto(field, text, keys) {
  await field.fill('');
  if (keys) await field.pressSequentially(text);
  else await field.fill(text);
}

/** Performs one plan step with Playwright. */
async function perform(page, step) {
  if (step.do === 'type') {
    const field = await locate(page, 'type', step.target, step.pw);
    await field.click();
    await typeInto(field, step.text, step.keys);
    return;
  }
  if (step.do === 'find') {
    // Ctrl+F scrolls the first match into view; the next step's locator would scroll there anyway.
    await page.getByText(step.target).first().scrollIntoViewIfNeeded({ timeout: 5000 });
    return;
  }
  if (step.do === 'select') {
    const control = await locate(page, 'control', step.target, step.pw);
    if ((await control.evaluate((el) => el.localName)) === 'select') {
      await control.selectOption({ label: step.option });
      return;
    }
    await control.click();
    await settle(page);
    const option = await locate(page, 'option', step.option, step.pwOption);
    await option.click();
    return;
  }
  const target = await locate(page, 'click', step.target, step.pw);
  await target.click();
}

/** Validates one task: `{ valid, reason?, seconds }`. */
export async function validateTask(browser, url, task) {
  const t0 = Date.now();
  const { context, page, errors } = await openTaskPage(browser, url);
  try {
    const initial = await readState(page);
    if (checkState({ initial, final: initial, expect: task.expect, submit: task.submit }) === null) {
      return { valid: false, reason: 'the check already holds on the fresh page', seconds: (Date.now() - t0) / 1000 };
    }
    for (const step of task.plan) {
      try {
        await perform(page, step);
        await settle(page);
      } catch (error) {
        return { valid: false, reason: `Playwright could not ${describeStep(step)}: ${String(error?.message ?? error).split('\n')[0]}`, seconds: (Date.now() - t0) / 1000 };
      }
    }
    await page.waitForTimeout(100);
    const mismatch = checkState({ initial, final: await readState(page), expect: task.expect, submit: task.submit });
    if (mismatch) return { valid: false, reason: `after the plan with Playwright: ${mismatch}`, seconds: (Date.now() - t0) / 1000 };
    if (errors.length) return { valid: false, reason: `page errors: ${errors.join(' | ')}`, seconds: (Date.now() - t0) / 1000 };
    return { valid: true, seconds: (Date.now() - t0) / 1000 };
  } finally {
    await context.close();
  }
}
