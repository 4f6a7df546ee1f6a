// What a listed element shows besides its text: a short set of attributes (name, role, labels,
// state) and its current value, with secret values masked; a select's choice and options.
// Reads one element; knows nothing of the walk or of indexes.
import { append, math, stringIndexOf, stringSet, stringSlice } from '../intrinsics.js';
import type { ShownAttribute } from '../page-tree.js';
import { clipText, collapseWhitespace } from '../serialize/text.js';
import {
  closest, collectionLength, detailsOpen, getAttribute, getAttributeNames, inputChecked, inputIndeterminate, inputType,
  inputValue, isDisabledControl, localName, matches, nodeType, optionSelected, optionText, parentNode, selectMultiple, selectOptions,
  textareaValue, validationMessage,
} from '../platform.js';
import { BUTTON_INPUTS, computeName, RANGE_ROLES, referencedText } from './accessible-name.js';
import { isEditingHost } from './interactivity.js';
import { isSensitiveField, maskedValue } from './sensitive.js';

/** Attributes and value text of a listed element. */
export interface ListedInfo {
  attributes: ShownAttribute[];
  /** A value or choice shown as the element's text (textarea, select, button-like inputs). */
  label?: string;
  /** The elements whose text makes the accessible name shown (`<label>`s, aria-labelledby targets). */
  nameElements?: Element[];
}

const MAX_OPTIONS = 12;
const MAX_OPTIONS_TEXT = 110;
const NO_VALUE_INPUTS = stringSet(['checkbox', 'radio', 'button', 'submit', 'reset', 'image']);
const CHECKABLE_ROLES = stringSet(['checkbox', 'switch', 'radio', 'menuitemcheckbox', 'menuitemradio']);
const SELECTABLE_ROLES = stringSet(['option', 'tab', 'treeitem', 'gridcell', 'row']);
const FORM_CONTROLS = stringSet(['input', 'select', 'textarea', 'button']);

function add(list: ShownAttribute[], name: string, value: string | true | null | undefined): void {
  if (value === null || value === undefined || value === '') return;
  append(list, [name, value] as const);
}

function has(list: readonly ShownAttribute[], name: string): boolean {
  for (let i = 0; i < list.length; i++) if (list[i]![0] === name) return true;
  return false;
}

function selectInfo(element: Element, attributes: ShownAttribute[]): string {
  const options = selectOptions(element);
  const count = collectionLength(options);
  let chosen = '';
  let list = '';
  let shown = 0;
  for (let i = 0; i < count; i++) {
    const option = options[i]!;
    const text = collapseWhitespace(optionText(option));
    if (optionSelected(option)) chosen += chosen === '' ? text : ', ' + text;
    if (shown < MAX_OPTIONS && list.length + text.length < MAX_OPTIONS_TEXT) {
      list += shown === 0 ? text : ' | ' + text;
      shown++;
    }
  }
  add(attributes, 'value', chosen);
  if (selectMultiple(element)) add(attributes, 'multiple', true);
  return count > shown ? list + ' | … ' + (count - shown) + ' more options' : list;
}

function matchesPattern(name: string, pattern: string): boolean {
  const star = stringIndexOf(pattern, '*');
  if (star < 0) return name === pattern;
  const head = stringSlice(pattern, 0, star);
  const tail = stringSlice(pattern, star + 1);
  return name.length >= head.length + tail.length && stringSlice(name, 0, head.length) === head && stringSlice(name, name.length - tail.length) === tail;
}

function addExtra(element: Element, attributes: ShownAttribute[], extra: readonly string[], secret: boolean): void {
  const names = getAttributeNames(element);
  for (let p = 0; p < extra.length; p++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (!matchesPattern(name, extra[p]!) || has(attributes, name)) continue;
      if (secret && name === 'value') continue;
      add(attributes, name, getAttribute(element, name) ?? '');
    }
  }
}

/** Chooses the attributes and value text of a listed element; `extra` adds page-agent `includeAttributes` names (globs allowed). */
export function listedInfo(element: Element, tag: string, extra: readonly string[]): ListedInfo {
  const attributes: ShownAttribute[] = [];
  let label: string | undefined;
  let secret = false;
  const role = getAttribute(element, 'role');
  if (tag === 'input') {
    const type = inputType(element);
    secret = isSensitiveField(element, type);
    if (type !== 'text') add(attributes, 'type', type);
  }
  if (role && role !== tag) add(attributes, 'role', role);
  // One `label=` for the accessible name when an author or a <label> gives it (aria-labelledby,
  // aria-label, <label>s); the serializer shows it as the line's text when the element has none.
  // A placeholder or title stays as its own attribute: a placeholder never hides a label.
  const named = computeName(element, false);
  const fromLabel = named.from === 'labelledby' || named.from === 'aria-label' || named.from === 'label';
  if (fromLabel) add(attributes, 'label', withoutColon(named.name));
  add(attributes, 'placeholder', getAttribute(element, 'placeholder'));
  add(attributes, 'title', getAttribute(element, 'title'));
  // A control's `name` attribute helps only when nothing else names it.
  if (FORM_CONTROLS[tag] === true && tag !== 'button' && !fromLabel && !has(attributes, 'placeholder') && !has(attributes, 'title')) {
    add(attributes, 'name', getAttribute(element, 'name'));
  }
  if (tag === 'input') {
    const type = inputType(element);
    const value = inputValue(element);
    if (type === 'checkbox' || type === 'radio') {
      if (inputIndeterminate(element)) add(attributes, 'checked', 'mixed');
      else if (inputChecked(element)) add(attributes, 'checked', true);
    } else if (BUTTON_INPUTS[type] === true) {
      label = value;
    } else if (type === 'image') {
      label = getAttribute(element, 'alt') ?? value;
    } else if (secret) {
      add(attributes, 'value', maskedValue(value));
    } else if (NO_VALUE_INPUTS[type] !== true) {
      const shown = type === 'file' ? stringSlice(value, math.max(stringIndexOf(value, '\\'), -1) + 1) : value;
      add(attributes, 'value', clipText(collapseWhitespace(shown), 80));
      if (type === 'range' || type === 'number') {
        add(attributes, 'min', getAttribute(element, 'min'));
        add(attributes, 'max', getAttribute(element, 'max'));
      }
    }
  } else if (tag === 'textarea') {
    label = textareaValue(element);
  } else if (tag === 'select') {
    label = selectInfo(element, attributes);
  } else if (tag === 'summary') {
    const details = parentNode(element);
    if (details && nodeType(details) === 1 && localName(details) === 'details') add(attributes, detailsOpen(details) ? 'expanded' : 'collapsed', true);
  }
  if (role && CHECKABLE_ROLES[role] === true) {
    const checked = getAttribute(element, 'aria-checked');
    if (checked === 'true') add(attributes, 'checked', true);
    else if (checked === 'mixed') add(attributes, 'checked', 'mixed');
  }
  if (role && SELECTABLE_ROLES[role] === true && getAttribute(element, 'aria-selected') === 'true') add(attributes, 'selected', true);
  if (role && RANGE_ROLES[role] === true && !has(attributes, 'value')) add(attributes, 'value', getAttribute(element, 'aria-valuetext') ?? getAttribute(element, 'aria-valuenow'));
  if (FORM_CONTROLS[tag] === true ? isDisabledControl(element) : getAttribute(element, 'aria-disabled') === 'true') add(attributes, 'disabled', true);
  else if (closest(element, '[aria-disabled=true]') !== null) add(attributes, 'disabled', true);
  // Native attributes on form controls, their ARIA twins on custom widgets.
  const native = FORM_CONTROLS[tag] === true;
  if (native ? getAttribute(element, 'readonly') !== null : getAttribute(element, 'aria-readonly') === 'true') add(attributes, 'readonly', true);
  if (native ? getAttribute(element, 'required') !== null : getAttribute(element, 'aria-required') === 'true') add(attributes, 'required', true);
  const messages = invalidMessage(element, native, attributes);
  const popup = getAttribute(element, 'aria-haspopup');
  if (popup && popup !== 'false') add(attributes, 'popup', popup === 'true' ? 'menu' : popup);
  // Expanded state in one word; a collapsed popup button is the normal case and says nothing.
  const expanded = getAttribute(element, 'aria-expanded');
  if (expanded === 'true' && !has(attributes, 'expanded')) add(attributes, 'expanded', true);
  else if (expanded === 'false' && !has(attributes, 'popup') && !has(attributes, 'collapsed')) add(attributes, 'collapsed', true);
  const pressed = getAttribute(element, 'aria-pressed');
  if (pressed === 'true') add(attributes, 'pressed', true);
  else if (pressed === 'mixed') add(attributes, 'pressed', 'mixed');
  const current = getAttribute(element, 'aria-current');
  if (current && current !== 'false') add(attributes, 'aria-current', current);
  add(attributes, 'data-state', getAttribute(element, 'data-state'));
  // A calendar's day: its full date when the widget gives it on the cell (title and aria-label are names).
  add(attributes, 'data-date', getAttribute(element, 'data-date') ?? getAttribute(closest(element, 'td[data-date],[role=gridcell][data-date]') ?? element, 'data-date'));
  if (isEditingHost(element)) add(attributes, 'contenteditable', true);
  if (extra.length > 0) addExtra(element, attributes, extra, secret);
  const info: ListedInfo = label === undefined || label === '' ? { attributes } : { attributes, label };
  if (fromLabel && named.elements) info.nameElements = named.elements;
  if (messages) info.nameElements = info.nameElements ? [...info.nameElements, ...messages] : messages;
  return info;
}

/** A name without the colon a form layout puts after its labels ("Email:", `::after { content: ":" }`). */
function withoutColon(name: string): string {
  let end = name.length;
  while (end > 1 && (name[end - 1] === ':' || name[end - 1] === '：' || name[end - 1] === ' ')) end--;
  return stringSlice(name, 0, end);
}

/**
 * Adds `invalid` (with the message a person reads: aria-errormessage, aria-describedby, the browser's
 * validation message) when the field says it is invalid or failed the browser's checks after the user
 * touched it (`:user-invalid`); returns the elements that hold the message, for carrying.
 */
function invalidMessage(element: Element, native: boolean, attributes: ShownAttribute[]): Element[] | undefined {
  const aria = getAttribute(element, 'aria-invalid');
  let user = false;
  try {
    user = native && matches(element, ':user-invalid');
  } catch {
    // An engine without :user-invalid: aria-invalid only.
  }
  if (!user && (aria === null || aria === 'false' || aria === '')) return undefined;
  let found = referencedText(element, getAttribute(element, 'aria-errormessage'));
  if (found.text === '') found = referencedText(element, getAttribute(element, 'aria-describedby'));
  const text = found.text || (native ? validationMessage(element) : '');
  add(attributes, 'invalid', clipText(text, 120) || true);
  return found.text !== '' && found.text.length <= 120 ? found.elements : undefined;
}
