// Validation: drives a task's plan with Playwright's real input (no agent), locating each target the
// way a test author would (role and name, label, placeholder, text). A task whose check already holds
// on the fresh page, or does not hold after the plan, is invalid and not counted.
import { checkState } from './check.mjs';
import { describeStep } from './plan.mjs';
import { leavesNotOnPage } from './read.mjs';
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

/** Key presses a person gives a slider before concluding it cannot show the value. */
const MAX_SLIDER_KEYS = 200;

/**
 * Moves an ARIA slider (role=slider on an element that takes no text) to the number `text` as a person
 * does from the keyboard: Home, then the right arrow until it shows that value (aria-valuenow).
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/slider/#keyboardinteraction
 */
async function slideTo(field, text) {
  const wanted = Number(text);
  if (!Number.isFinite(wanted)) throw new Error(`"${text}" is not a slider value`);
  await field.press('Home');
  for (let i = 0; i <= MAX_SLIDER_KEYS; i++) {
    const now = Number(await field.getAttribute('aria-valuenow'));
    if (now === wanted) return;
    if (now > wanted) break;
    await field.press('ArrowRight');
  }
  throw new Error(`the slider does not stop at ${text}`);
}

/**
 * Fills the field, or with `keys` (a widget that reacts only to key events) clears it and types key by
 * key; an ARIA slider, which holds no text, is moved to the value with its keys.
 */
async function typeInto(field, text, keys) {
  if (await field.evaluate((el) => el.getAttribute('role') === 'slider' && el.localName !== 'input')) return slideTo(field, text);
  await field.fill('');
  if (keys) await field.pressSequentially(text);
  else await field.fill(text);
}

/** Performs one plan step with Playwright; resolves to what a click did (`opensTab`) or what an extract read (`answer`). */
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
  if (step.do === 'back') {
    await page.goBack({ waitUntil: 'load' });
    return;
  }
  if (step.do === 'close-tab') {
    await page.close();
    return;
  }
  if (step.do === 'read') {
    // An output task's answer: everything a person sees, the text and the values in the fields.
    return { text: await page.evaluate(() => [document.body.innerText, ...[...document.querySelectorAll('input, textarea, select')].filter((el) => el.checkVisibility?.() ?? true).map((el) => el.value)].join('\n')) };
  }
  if (step.do === 'extract') {
    const text = (await page.innerText('body')).replace(/\s+/g, ' ');
    const found = step.answer.exec(text)?.[0];
    if (!found) throw new Error(`the page does not hold the answer (${step.answer})`);
    return { answer: found };
  }
  const target = await locate(page, 'click', step.target, step.pw);
  const opensTab = await target.evaluate((el) => !!el.closest('a[target="_blank"]'));
  await target.click();
  return { opensTab };
}

/**
 * The tab a person is looking at across a Node-runner task: a tab the page opens (a popup, a
 * target=_blank link) becomes current; when the current tab closes, the last one left is.
 */
function followTabs(context, first) {
  const tabs = { current: first };
  context.on('page', (page) => {
    tabs.current = page;
    page.on('close', () => {
      if (tabs.current === page) tabs.current = context.pages().at(-1) ?? first;
    });
  });
  return tabs;
}

/** Waits until the current tab's document has loaded and rendered (after a navigation, a new tab, a closed one). */
async function settleTab(tabs) {
  for (let attempt = 0; ; attempt++) {
    const page = tabs.current;
    try {
      await page.waitForLoadState('load');
      await settle(page);
      if (page === tabs.current) return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Validates a Node-runner task: the plan across pages and tabs, then the state of the tab it ends in and the answers read. */
async function validateNodeTask(browser, url, task, t0) {
  const { context, page, errors } = await openTaskPage(browser, url);
  const done = (valid, reason) => ({ valid, ...(reason ? { reason } : {}), seconds: (Date.now() - t0) / 1000 });
  try {
    const tabs = followTabs(context, page);
    const initial = await readState(page);
    const checksState = task.expect && Object.keys(task.expect).length > 0;
    if (checksState && checkState({ initial, final: initial, expect: task.expect, submit: task.submit }) === null) return done(false, 'the check already holds on the fresh page');
    const answers = [];
    for (const step of task.plan) {
      try {
        // A click may open a tab (a target=_blank link surely; a script maybe, within a moment), or close this one (a popup reporting back).
        const opened = step.do === 'click' ? context.waitForEvent('page', { timeout: 15_000 }).catch(() => null) : null;
        const done = await perform(tabs.current, step);
        if (done?.answer) answers.push(done.answer);
        if (opened) await (done?.opensTab ? opened : Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 1500))]));
        await settleTab(tabs);
      } catch (error) {
        return done(false, `Playwright could not ${describeStep(step)}: ${String(error?.message ?? error).split('\n')[0]}`);
      }
    }
    if (checksState) {
      const mismatch = checkState({ initial, final: await readState(tabs.current), expect: task.expect, submit: task.submit });
      if (mismatch) return done(false, `after the plan with Playwright: ${mismatch}`);
    }
    const missing = (task.answer ?? []).filter((words) => !answers.join(' ').includes(words));
    if (missing.length) return done(false, `the pages do not give ${missing.map((words) => `"${words}"`).join(', ')}`);
    if (errors.length) return done(false, `page errors: ${errors.join(' | ')}`);
    return done(true);
  } finally {
    await context.close();
  }
}

/** Validates one task: `{ valid, reason?, seconds }`. */
export async function validateTask(browser, url, task) {
  const t0 = Date.now();
  if (task.runner === 'node') return validateNodeTask(browser, url, task, t0);
  const { context, page, errors } = await openTaskPage(browser, url);
  try {
    const initial = await readState(page);
    // An output task changes nothing (its check is the data returned): only a task that changes the page can already hold.
    if (task.data === undefined && checkState({ initial, final: initial, expect: task.expect, submit: task.submit }) === null) {
      return { valid: false, reason: 'the check already holds on the fresh page', seconds: (Date.now() - t0) / 1000 };
    }
    for (const step of task.plan) {
      try {
        const done = await perform(page, step);
        // A read step: every value of the expected data must be on the page where a person looks.
        const unseen = done?.text === undefined ? [] : leavesNotOnPage(task.data, done.text);
        if (unseen.length) throw new Error(`the page does not show the expected ${unseen.join(', ')}`);
        // A step that loads another page (multi-page tasks) is done once that page is ready.
        await page.waitForLoadState('load');
        if (task.multipage) await page.waitForFunction(() => window.evalReady === true, null, { timeout: 20_000 });
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
