// Editing primitives for input_text and press_key: what kind of editable an element is, replacing a
// field's value through the realm's native setter with beforeinput/input, typing one key at a time,
// and editing contenteditable hosts through the selection and insertText.
import { dispatchEvent, execCommand, queryAll, realmOf, yieldToPage } from '../platform.js';
import { dispatchKey, keyForCharacter, noModifiers, tapKey } from './keyboard.js';

/** Input types whose value is free text. */
const TEXT_TYPES = new Set(['', 'text', 'search', 'url', 'tel', 'email', 'password']);
/** Input types whose value has a format a human value is converted to. */
const FORMATTED_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'number', 'range', 'color']);
/** Input types that support the selection API (setSelectionRange). */
const SELECTABLE_TYPES = new Set(['', 'text', 'search', 'url', 'tel', 'password']);

/** What kind of editable an element is, after following labels and single-field wrappers. */
export type Editable =
  | { kind: 'text'; element: HTMLInputElement | HTMLTextAreaElement }
  | { kind: 'formatted'; element: HTMLInputElement; type: string }
  | { kind: 'rich'; element: HTMLElement }
  | { kind: 'select'; element: HTMLSelectElement }
  | { kind: 'toggle'; element: HTMLInputElement }
  | { kind: 'unsupported'; element: Element; what: string };

function editingHost(element: HTMLElement): HTMLElement {
  let host = element;
  while (host.parentElement && (host.parentElement as HTMLElement).isContentEditable) host = host.parentElement as HTMLElement;
  return host;
}

function classify(element: Element): Editable | null {
  const tag = element.localName;
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    const type = input.type.toLowerCase();
    if (TEXT_TYPES.has(type)) return { kind: 'text', element: input };
    if (FORMATTED_TYPES.has(type)) return { kind: 'formatted', element: input, type };
    if (type === 'checkbox' || type === 'radio') return { kind: 'toggle', element: input };
    return { kind: 'unsupported', element, what: `an input of type ${type}` };
  }
  if (tag === 'textarea') return { kind: 'text', element: element as HTMLTextAreaElement };
  if (tag === 'select') return { kind: 'select', element: element as HTMLSelectElement };
  if ((element as HTMLElement).isContentEditable) return { kind: 'rich', element: editingHost(element as HTMLElement) };
  return null;
}

const FIELD_SELECTOR = 'input:not([type=hidden]), textarea, select, [contenteditable]:not([contenteditable=false])';

/**
 * The editable behind an element: itself, the control of a label, or the single field inside a
 * wrapper (a custom input component, including one with an open shadow root); null when none.
 */
export function editableOf(element: Element): Editable | null {
  const own = classify(element);
  if (own) return own;
  if (element.localName === 'label') {
    const control = (element as HTMLLabelElement).control;
    if (control) return classify(control);
  }
  const inside = queryAll(element, FIELD_SELECTOR);
  if (element.shadowRoot) inside.push(...queryAll(element.shadowRoot, FIELD_SELECTOR));
  const fields = inside.filter((el) => !(el.parentElement as HTMLElement | null)?.isContentEditable);
  return fields.length === 1 ? classify(fields[0]!) : null;
}

/** Whether the field supports caret positions (setSelectionRange). */
export function hasSelectionApi(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  return field.localName === 'textarea' || SELECTABLE_TYPES.has((field as HTMLInputElement).type);
}

/** Dispatches beforeinput (cancellable) or input; empty `data` is sent as null, as for deletions. */
export function inputEvent(field: Element, type: 'beforeinput' | 'input', inputType: string, data: string, ranges?: StaticRange[]): boolean {
  const realm = realmOf(field);
  const init: InputEventInit = { bubbles: true, cancelable: type === 'beforeinput', composed: true, inputType, data: data || null, view: realm.window };
  if (ranges) init.targetRanges = ranges;
  return dispatchEvent(field, new realm.InputEvent(type, init));
}

/** Fires `change` as a committed edit does; with `input`, an input event of that class first (a choice from a list or a step). */
export function fireChange(element: Element, input?: 'Event' | 'InputEvent'): void {
  const realm = realmOf(element);
  if (input) dispatchEvent(element, new realm[input]('input', { bubbles: true, composed: true }));
  dispatchEvent(element, new realm.Event('change', { bubbles: true }));
}

/**
 * Replaces a field's whole value at once: beforeinput (cancellable), the realm's native setter (which
 * React's and Vue's value tracking observe), then input. Returns false when the page cancelled it.
 */
export function replaceFieldValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): boolean {
  try {
    field.select();
  } catch {
    // Some input types have no text selection; the value is replaced all the same.
  }
  return editField(field, 0, Infinity, value, value ? 'insertText' : 'deleteContentBackward');
}

/** The selected range of a field, or its end when its type has no selection API. */
function caretRange(field: HTMLInputElement | HTMLTextAreaElement): [number, number] {
  const length = field.value.length;
  if (!hasSelectionApi(field)) return [length, length];
  const start = field.selectionStart ?? length;
  return [start, field.selectionEnd ?? start];
}

/**
 * Replaces `start`..`end` of a field's value with `text` as an `inputType` edit: beforeinput
 * (cancellable; false then), the native setter, the caret after the text, input.
 */
function editField(field: HTMLInputElement | HTMLTextAreaElement, start: number, end: number, text: string, inputType: string): boolean {
  if (!inputEvent(field, 'beforeinput', inputType, text)) return false;
  const value = field.value;
  realmOf(field).setValue(field, value.slice(0, start) + text + value.slice(end));
  if (end !== Infinity && hasSelectionApi(field)) field.setSelectionRange(start + text.length, start + text.length);
  inputEvent(field, 'input', inputType, text);
  return true;
}

/** Deletes the selection, or one character before (or after) the caret, as Backspace/Delete do. */
export function deleteAtCaret(field: HTMLInputElement | HTMLTextAreaElement, forward: boolean): void {
  let [start, end] = caretRange(field);
  if (start === end) {
    if (forward ? end >= field.value.length : start === 0) return;
    if (forward) end += 1;
    else start -= 1;
  }
  editField(field, start, end, '', forward ? 'deleteContentForward' : 'deleteContentBackward');
}

/**
 * Types one character as a key press: keydown, keypress, beforeinput, the insertion, input, keyup.
 * A cancelled keydown, keypress or beforeinput stops the insertion, as with a real keyboard.
 */
export function typeCharacter(target: HTMLElement, char: string, insert: (text: string) => void): boolean {
  const { key, shift } = keyForCharacter(char);
  const modifiers = { ...noModifiers(), shiftKey: shift };
  let inserted = false;
  if (dispatchKey(target, 'keydown', key, modifiers) && dispatchKey(target, 'keypress', key, modifiers)) {
    inserted = true;
    // Enter types a line break.
    insert(char === '\r' ? '\n' : char);
  }
  dispatchKey(target, 'keyup', key, modifiers);
  return inserted;
}

/** Inserts `text` into a field at the caret as typed input (beforeinput, setter, input); false when cancelled or full. */
export function insertTyped(field: HTMLInputElement | HTMLTextAreaElement, text: string): boolean {
  const [start, end] = caretRange(field);
  if (field.maxLength >= 0 && field.value.length - (end - start) + text.length > field.maxLength) return false;
  return editField(field, start, end, text, 'insertText');
}

/** Clears a field as Control+A then Backspace would, with the key events. */
export function clearByKeys(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (!field.value) return;
  try {
    field.select();
  } catch {
    // No selection API: deleteAtCaret below removes the whole value for these types.
  }
  tapKey(field, 'Backspace', () => (hasSelectionApi(field) ? deleteAtCaret(field, false) : replaceFieldValue(field, '')));
}

/**
 * How a text is typed: every character as a key press, or, for a long text into a field that shows no
 * key listeners, the first and last `keys` characters as key presses and the middle in one edit (as a
 * paste would insert it), so the page still sees keystrokes start and end the text.
 */
export interface TypingPlan {
  /** Characters typed as key presses at each end; Infinity types every character. */
  keys: number;
}

/** Every character as a key press. */
export const EVERY_KEY: TypingPlan = { keys: Infinity };

/** Over this many characters, a text into a field without key listeners is inserted in one edit between its ends. */
export const LONG_TEXT = 200;
/** Characters typed as key presses at each end of a long text inserted in one edit. */
export const END_KEYS = 10;

/**
 * Types text into a field one key at a time, yielding to the page between keys so suggestion lists
 * and debounced handlers see every keystroke. Returns how many characters went in.
 */
export async function typeIntoField(field: HTMLInputElement | HTMLTextAreaElement, text: string, plan: TypingPlan, signal?: AbortSignal): Promise<number> {
  clearByKeys(field);
  return typeEach(field, text, plan, (c) => insertTyped(field, c), signal);
}

async function typeEach(target: HTMLElement, text: string, plan: TypingPlan, insert: (text: string) => boolean | void, signal?: AbortSignal): Promise<number> {
  const chars = [...text];
  const middleEnd = chars.length - plan.keys;
  let typed = 0;
  for (let i = 0; i < chars.length; i++) {
    signal?.throwIfAborted();
    if (i === plan.keys && i < middleEnd) {
      // The middle of a long text in one edit, then the last keys again one at a time.
      const middle = chars.slice(i, middleEnd).join('');
      if (insert(middle) !== false) typed += middleEnd - i;
      i = middleEnd - 1;
    } else if (typeCharacter(target, chars[i]!, insert)) typed++;
    await yieldToPage();
  }
  return typed;
}

function selectContents(host: HTMLElement): StaticRange | null {
  const doc = host.ownerDocument;
  const selection = doc.getSelection();
  if (!selection) return null;
  const range = doc.createRange();
  range.selectNodeContents(host);
  selection.removeAllRanges();
  selection.addRange(range);
  const realm = realmOf(host) as unknown as { window: Window & typeof globalThis };
  const Static = realm.window.StaticRange;
  // The range serves as the StaticRangeInit: its start and end are read from it.
  return Static ? new Static(range) : null;
}

/**
 * Inserts text at the selection of a contenteditable host: beforeinput first (editors such as
 * ProseMirror, Slate and Lexical cancel it and apply the edit to their own model), else insertText.
 */
export function insertRich(host: HTMLElement, text: string, ranges?: StaticRange[]): boolean {
  const inputType = text ? 'insertText' : 'deleteContentBackward';
  if (!inputEvent(host, 'beforeinput', inputType, text, ranges)) return false;
  const doc = host.ownerDocument;
  // 'delete' takes no value (the empty text goes unread).
  if (execCommand(doc, text ? 'insertText' : 'delete', text)) return true;
  // No editing command available: change the DOM ourselves and announce it.
  const selection = doc.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  if (!range) return false;
  range.deleteContents();
  if (text) {
    const node = doc.createTextNode(text);
    range.insertNode(node);
    range.setStartAfter(node);
    range.collapse(true);
  }
  inputEvent(host, 'input', inputType, text);
  return true;
}

/** Replaces all content of a contenteditable host with `text` (select all, then insert). */
export function replaceRichText(host: HTMLElement, text: string): void {
  const range = selectContents(host);
  insertRich(host, text, range ? [range] : undefined);
}

/** Types into a contenteditable host key by key after selecting and deleting its content. */
export async function typeIntoRich(host: HTMLElement, text: string, plan: TypingPlan, signal?: AbortSignal): Promise<number> {
  replaceRichText(host, '');
  return typeEach(host, text, plan, (c) => insertRich(host, c), signal);
}
