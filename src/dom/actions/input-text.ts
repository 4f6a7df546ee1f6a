// input_text: focus the field like a person (click it when it is not focused), clear it and type the
// text key by key as a keyboard does (keydown, keypress, beforeinput, the native setter of its own
// realm, input, keyup), convert human dates/times/numbers (set in one edit), read the value back and
// say what the field holds. A slider or spinbutton without a native input is moved by keys instead
// (aria-range.ts).
import type { DomContext } from '../context.js';
import { isAriaRange, setAriaRange } from './aria-range.js';
import { hasTrackedListener } from '../extract/listener-tracker.js';
import { isSensitiveField } from '../extract/sensitive.js';
import { RANGE_ROLES } from '../extract/accessible-name.js';
import type { ActionResult } from '../types.js';
import { attr, isConnected } from '../platform.js';
import { watchChanges } from './change-watch.js';
import { deepActiveElement, ensureFocus } from './focus.js';
import { parseHumanNumber, toInputValue } from './human-values.js';
import { reachAndClick, unreachedResult } from './reach.js';
import { detachedResult, fail, isFailure, quote, resolveTarget, sentence, succeed, type Target, waitUntilEnabled } from './resolve-target.js';
import { chooseNativeOption } from './native-select.js';
import { END_KEYS, EVERY_KEY, LONG_TEXT, editableOf, fireChange, replaceFieldValue, replaceRichText, typeIntoField, typeIntoRich, type Editable, type TypingPlan } from './text-editing.js';

/** How input_text types. */
export interface InputTextOptions {
  /**
   * Type one key at a time (keydown, keypress, beforeinput, input, keyup per character), as a keyboard
   * does. Default: true; a text over 200 characters into a field that shows no key listeners gets its
   * first and last 10 characters as keys and the middle in one edit. False: the whole value in one edit.
   */
  keyByKey?: boolean;
  /** Aborts between keystrokes and before dispatching. */
  signal?: AbortSignal;
}

const KEY_EVENTS = ['keydown', 'keyup', 'keypress'] as const;
const FRAMEWORK_KEY_HANDLERS = ['onKeyDown', 'onKeyUp', 'onKeyPress', 'onKeydown', 'onKeyup', 'onKeypress'];

/** Whether React props (`__reactProps$…`) or Vue 3 invokers (`_vei`) on the element handle key events. */
function hasFrameworkKeyHandler(element: Element): boolean {
  const record = element as unknown as Record<string, Record<string, unknown> | undefined>;
  for (const key of Object.keys(element)) {
    if (!key.startsWith('__reactProps$') && key !== '_vei') continue;
    const handlers = record[key];
    if (handlers && FRAMEWORK_KEY_HANDLERS.some((name) => Boolean(handlers[name]))) return true;
  }
  return false;
}

/**
 * Whether the field looks like it reacts to each keystroke (suggestions, autocomplete, masks): a
 * combobox role, aria-autocomplete, a datalist, or key listeners seen by the early-load tracker or React.
 */
export function drivesSuggestions(field: Element): boolean {
  if (attr(field, 'role') === 'combobox') return true;
  const autocomplete = attr(field, 'aria-autocomplete');
  if (autocomplete && autocomplete !== 'none') return true;
  if (field.localName === 'input' && attr(field, 'list')) return true;
  if (KEY_EVENTS.some((type) => hasTrackedListener(field, type) || Boolean((field as unknown as Record<string, unknown>)[`on${type}`]))) return true;
  return hasFrameworkKeyHandler(field);
}

function pageLocale(doc: Document): string {
  return doc.documentElement.lang || doc.defaultView?.navigator.language || 'en-US';
}

function notEditableResult(target: Target, editable: Editable | null): ActionResult {
  if (editable?.kind === 'toggle') {
    return fail(`${target.description} is a ${editable.element.type}; nothing was typed. Use click_element_by_index to check or uncheck it.`);
  }
  if (editable?.kind === 'unsupported') return fail(`${target.description} is ${editable.what}, which cannot take typed text; nothing was typed.`);
  const tag = target.element.localName;
  return fail(`${target.description} is not editable (a <${tag}>, not an input, textarea or contenteditable); nothing was typed. ${RANGE_ROLES[attr(target.element, 'role')!] ? 'Use press_key.' : 'Pick the field itself, or click this element first if it opens one.'}`);
}

function shown(field: Element, value: string): string {
  // Passwords, card data and one-time codes are never echoed to the model.
  return isSensitiveField(field, (field as HTMLInputElement).type ?? '') ? `${[...value].length} characters` : quote(value);
}

/** How many levels up a cover may share an ancestor with the field and still count as part of its widget. */
const SAME_WIDGET_DEPTH = 3;

/**
 * Whether a cover belongs to the field's own widget (a floating label or placeholder drawn over the
 * input): it shares an ancestor with the field at most a few levels up. A person clicking there lands
 * in the field; a cookie banner or modal backdrop shares only <body> and still blocks typing.
 */
function isPartOfField(cover: Element, field: Element): boolean {
  let ancestor: Element | null = field.parentElement;
  for (let depth = 0; ancestor && depth < SAME_WIDGET_DEPTH; depth++, ancestor = ancestor.parentElement) {
    if (ancestor === field.ownerDocument.body) return false;
    if (ancestor.contains(cover)) return true;
  }
  return false;
}

/** Focuses the field as a person would: a click on it when it is not focused yet. */
async function focusField(ctx: DomContext, target: Target, field: HTMLElement, signal?: AbortSignal): Promise<ActionResult | null> {
  if (deepActiveElement(field.ownerDocument) === field) return null;
  const failed = await reachAndClick(ctx, { ...target, element: field }, 'type into', signal);
  if (failed) {
    if (!failed.cover || !isPartOfField(failed.cover, field)) return unreachedResult(failed);
    // Something of the field's own widget lies over it: focus the field as a click there would.
  } else if (!isConnected(field)) return detachedResult(target, 'focusing it');
  // A click handler may have moved focus elsewhere (or the click landed on a wrapper): focus the field itself.
  ensureFocus(field);
  return null;
}

/**
 * A read-only field takes no typing; date and list pickers open from one. A person clicks it to see:
 * so do we, and when something opened, say so and point the model at it.
 */
async function readOnlyResult(ctx: DomContext, target: Target, field: HTMLElement, signal?: AbortSignal): Promise<ActionResult> {
  const refused = `Did not type into ${target.description}: it is read-only.`;
  let changes: string[] = [];
  if (deepActiveElement(field.ownerDocument) !== field) {
    const watch = watchChanges(ctx, field, signal);
    const failed = await reachAndClick(ctx, { ...target, element: field }, 'open', signal);
    changes = await watch();
    if (failed) return unreachedResult(failed);
  }
  if (changes.length) {
    return fail(sentence(`${refused} Clicking it opened a picker: choose the value there with click_element_by_index.`, changes));
  }
  return fail(`${refused} Clicking it opened nothing; another control may fill it.`);
}

/** Replaces the value of the editable element with this index and reports what it now holds. */
export async function inputText(ctx: DomContext, index: number, text: string, options: InputTextOptions = {}): Promise<ActionResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const target = resolveTarget(ctx, index);
  if (isFailure(target)) return target;
  const editable = editableOf(target.element);
  // A slider or spinbutton drawn without an input takes a number, reached by keys (aria-range.ts).
  const range = !editable && isAriaRange(target.element);
  if (!range && (!editable || editable.kind === 'toggle' || editable.kind === 'unsupported')) return notEditableResult(target, editable);
  if (editable?.kind === 'select') {
    const result = await chooseNativeOption(ctx, target, editable.element, text);
    return { ...result, message: `${target.description} is a dropdown, so the matching option was chosen instead of typing. ${result.message}` };
  }
  const field = (editable?.element ?? target.element) as HTMLElement;
  if (!(await waitUntilEnabled(field, signal))) return fail(`Did not type into ${target.description}: it is disabled. It may become enabled after another choice on the page.`);
  if ((field as HTMLInputElement).readOnly || attr(field, 'aria-readonly') === 'true') return readOnlyResult(ctx, target, field, signal);
  let value = text;
  const notes: string[] = [];
  if (!editable || editable.kind === 'formatted') {
    const converted = editable ? toInputValue(editable.type, text, pageLocale(field.ownerDocument)) : parseHumanNumber(text);
    if (!converted.ok) return fail(`Did not type into ${target.description}: ${converted.message}`);
    if (!editable) return setAriaRange(target, +converted.value, () => focusField(ctx, target, field, signal), signal);
    value = converted.value;
    if (converted.note) notes.push(`Interpreted the text: ${converted.note}.`);
  }
  if (editable.kind === 'text' && field.localName === 'input') value = value.replace(/[\r\n]+/g, ' ');
  const maxLength = editable.kind === 'text' ? editable.element.maxLength : -1;
  if (maxLength >= 0 && [...value].length > maxLength) {
    value = [...value].slice(0, maxLength).join('');
    notes.push(`The field accepts at most ${maxLength} characters, so only the first ${maxLength} were typed.`);
  }
  const focusFailure = await focusField(ctx, target, field, signal);
  if (focusFailure) return focusFailure;
  signal?.throwIfAborted();
  const before = editable.kind === 'rich' ? editable.element.innerText : editable.element.value;
  const keyByKey = editable.kind !== 'formatted' && options.keyByKey !== false;
  // A long text needs no keystroke for every character unless the field listens to keys.
  const plan: TypingPlan = [...value].length > LONG_TEXT && !drivesSuggestions(field) ? { keys: END_KEYS } : EVERY_KEY;
  const finishWatch = watchChanges(ctx, field, signal);
  if (editable.kind === 'rich') {
    if (keyByKey) await typeIntoRich(editable.element, value, plan, signal);
    else replaceRichText(editable.element, value);
  } else {
    const accepted = keyByKey ? (await typeIntoField(editable.element, value, plan, signal)) > 0 || value === '' : replaceFieldValue(editable.element, value);
    if (accepted) fireChange(editable.element);
  }
  const changes = await finishWatch();
  if (!isConnected(field)) return fail(sentence(`${target.description} left the page while typing; the text may not have been kept.`, changes));
  // Key by key is the default and goes unsaid; the exceptions are said.
  const how = !keyByKey ? ' in one edit' : plan.keys === Infinity ? '' : ` (the middle ${[...value].length - 2 * END_KEYS} characters in one edit)`;
  return readBack(target, editable, value, before, how, keyByKey, [...notes, ...changes]);
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function readBack(target: Target, editable: Editable, expected: string, before: string, how: string, keyByKey: boolean, notes: string[]): ActionResult {
  const field = editable.element as HTMLInputElement;
  const actual = editable.kind === 'rich' ? field.innerText : field.value;
  const typed = `Typed ${shown(field, expected)}${how} into ${target.description}`;
  const matches = editable.kind === 'rich' ? normalize(actual) === normalize(expected) : actual === expected;
  // Empty while the field is valid or takes no validation (HTML §4.10.20.3), absent on editing hosts.
  if (field.validationMessage) notes.push(`The field reports: ${field.validationMessage}`);
  if (matches) return succeed(sentence(`${typed}.`, notes));
  const refused = actual === before && expected !== before;
  if (refused || (!actual && expected)) {
    notes.push(keyByKey ? 'The page may filter keystrokes.' : 'It was set without key events.');
    return fail(sentence(`${typed}, but the field did not take it: it ${refused ? 'still' : 'now'} shows ${shown(field, actual)}.`, notes));
  }
  return succeed(sentence(`${typed}; the field now shows ${shown(field, actual)} (the page reformatted or limited it).`, notes));
}
