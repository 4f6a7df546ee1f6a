// What a listed element shows besides its text: a short set of attributes (name, role, labels,
// state) and its current value, with secret values masked; a select's choice and options.
// Reads one element; knows nothing of the walk or of indexes.
import { append, startsWith, stringIndexOf, stringLastIndexOf, stringSet, stringSlice } from '../intrinsics.js';
import type { ShownAttribute } from '../page-tree.js';
import { clipText, collapseWhitespace } from '../serialize/text.js';
import {
  closest, collectionLength, getAttribute, getAttributeNames, inputChecked, inputIndeterminate, inputType,
  inputValue, matches, optionSelected, optionText, selectMultiple, selectOptions,
  textareaValue, validationMessage,
} from '../platform.js';
import { AUTHORED_NAMES, BUTTON_INPUTS, computeName, RANGE_ROLES, referencedText } from './accessible-name.js';
import { isEditingHost } from './interactivity.js';
import { isSensitiveField, maskedValue } from './sensitive.js';

/** Attributes and value text of a listed element. */
export interface ListedInfo {
  attributes: ShownAttribute[];
  /** A value or choice shown as the element's text (textarea, select, button-like inputs); shown only when not empty. */
  label?: string | undefined;
  /** The elements whose text makes the accessible name shown (`<label>`s, aria-labelledby targets) and the invalid message; possibly none. */

  nameElements?: Element[] | undefined;
}

const MAX_OPTIONS = 12;
const MAX_OPTIONS_TEXT = 110;
/** Roles with a checked state; of them, an input's type can only be checkbox or radio. */
export const CHECKABLE_ROLES = stringSet(
['checkbox', 'switch', 'radio', 'menuitemcheckbox', 'menuitemradio']);
const SELECTABLE_ROLES = stringSet(['option', 'tab', 'treeitem', 'gridcell', 'row']);
const FORM_CONTROLS = stringSet(['input', 'select', 'textarea', 'button']);

/** Adds `[name, value]` unless the value is empty, null, undefined or false. */
function add(list: ShownAttribute[], name: string, value: string | boolean | null | undefined): void {
  if (value) append(list, [name, value] as const);
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
    if (optionSelected(option)) chosen += chosen ? ', ' + text : text;
    if (shown < MAX_OPTIONS && list.length + text.length < MAX_OPTIONS_TEXT) {
      list += shown === 0 ? text : ' | ' + text;
      shown++;
    }
  }
  add(attributes, 'value', chosen);
  add(attributes, 'multiple', selectMultiple(element));
  return count > shown ? list + ' | … ' + (count - shown) + ' more options' : list;
}

function matchesPattern(name: string, pattern: string): boolean {
  const star = stringIndexOf(pattern, '*');
  const tail = stringSlice(pattern, star + 1);
  return star < 0 ? name === pattern : name.length >= star + tail.length && startsWith(name, stringSlice(pattern, 0, star)) && stringSlice(name, name.length - tail.length) === tail;
}

function addExtra(element: Element, attributes: ShownAttribute[], extra: readonly string[], secret: boolean): void {
  const names = getAttributeNames(element);
  for (let p = 0; p < extra.length; p++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (!matchesPattern(name, extra[p]!) || has(attributes, name)) continue;
      if (secret && name === 'value') continue;
      add(attributes, name, getAttribute(element, name));
    }
  }
}

/** Chooses the attributes and value text of a listed element; `extra` adds page-agent `includeAttributes` names (globs allowed). */
export function listedInfo(element: Element, tag: string, extra: readonly string[]): ListedInfo {
  const attributes: ShownAttribute[] = [];
  const attr = (name: string): string | null => getAttribute(element, name);
  const set = (name: string, value: string | boolean | null | undefined): void => add(attributes, name, value);
  // Native attributes on form controls, their ARIA twins on custom widgets.
  const native = FORM_CONTROLS[tag];
  const flag = (name: string): void => set(name, native ? attr(name) !== null : attr('aria-' + name) === 'true');
  // ARIA's true/mixed/false states (aria-checked, aria-pressed): `name` or `name=mixed`.
  const tristate = (name: string): void => {
    const value = attr('aria-' + name);
    set(name, value === 'true' || (value === 'mixed' && value));
  };
  let label: string | undefined;
  let secret = false;
  const role = attr('role') as string;
  const type = tag === 'input' ? inputType(element) : '';
  if (type) {
    secret = isSensitiveField(element, type);
    if (type !== 'text') set('type', type);
  }
  if (role !== tag) set('role', role);
  // One `label=` for the accessible name when an author or a <label> gives it (aria-labelledby,
  // aria-label, <label>s); the serializer shows it as the line's text when the element has none.
  // A placeholder or title stays as its own attribute: a placeholder never hides a label.
  const named = computeName(element, false);
  const fromLabel = AUTHORED_NAMES[named.from];
  if (fromLabel) set('label', withoutColon(named.name));
  set('placeholder', attr('placeholder'));
  set('title', attr('title'));
  // A control's `name` attribute helps only when nothing else names it.
  if (native && tag !== 'button' && !fromLabel && !attr('placeholder') && !attr('title')) set('name', attr('name'));
  if (type) {
    const value = inputValue(element);
    if (CHECKABLE_ROLES[type]) {
      set
('checked', inputIndeterminate(element) ? 'mixed' : inputChecked(element));
    } else if (BUTTON_INPUTS[type]) {
      label = value;
    } else if (type === 'image') {
      label = attr('alt') ?? value;
    } else if (secret) {
      set('value', maskedValue(value));
    } else {
      // A chosen file reads C:\fakepath\name.pdf: the name alone.
      const shown = type === 'file' ? stringSlice(value, stringLastIndexOf(value, '\\') + 1) : value;
      set('value', clipText(collapseWhitespace(shown), 80));
      if (type === 'range' || type === 'number') {
        set('min', attr('min'));
        set('max', attr('max'));
      }
    }
  } else if (tag === 'textarea') {
    label = textareaValue(element);
  } else if (tag === 'select') {
    label = selectInfo(element, attributes);
  } else if (tag === 'summary' && matches(element, 'details>summary')) {
    // Read from the attribute: HTMLDetailsElement's open getter throws on a details of another namespace.
    set(matches(element, '[open]>summary') ? 'expanded' : 'collapsed', true);
  }
  // The role tables have no prototype: a missing role (null) is in none of them.
  if (CHECKABLE_ROLES[role]) tristate('checked');
  if (SELECTABLE_ROLES[role]) set('selected', attr('aria-selected') === 'true');
  if (RANGE_ROLES[role] && !has(attributes, 'value')) set('value', attr('aria-valuetext') ?? attr('aria-valuenow'));
  // closest() tests the element itself too.
  set('disabled', (native && matches(element, ':disabled')) || closest(element, '[aria-disabled=true]') !== null);
  flag('readonly');
  flag('required');
  // `invalid` (with the message a person reads: aria-errormessage, aria-describedby, the browser's
  // validation message) when the field says it is invalid or failed the browser's checks after the user
  // touched it (`:user-invalid`); the elements that hold the message are carried.
  const aria = attr('aria-invalid');
  let invalid = aria && aria !== 'false';
  try {
    invalid ||= native && matches(element, ':user-invalid');
  } catch {
    // An engine without :user-invalid: aria-invalid only.
  }
  // named.elements is this computation's own list: the message's elements join it.
  const nameElements = (fromLabel && named.elements) || [];
  if (invalid) {
    let found = referencedText(element, 'aria-errormessage');
    if (!found.text) found = referencedText(element, 'aria-describedby');
    // validationMessage is null for elements other than input, select and textarea.
    set('invalid', clipText(found.text || validationMessage(element, tag) || '', 120) || true);
    if (found.text && found.text.length <= 120) for (let i = 0; i < found.elements.length; i++) append(nameElements, found.elements[i]!);
  }

  const popup = attr('aria-haspopup');
  if (popup !== 'false') set('popup', popup === 'true' ? 'menu' : popup);
  // Expanded state in one word; a collapsed popup button is the normal case and says nothing.
  const expanded = attr('aria-expanded');
  if (expanded === 'true' && !has(attributes, 'expanded')) set('expanded', true);
  else if (expanded === 'false' && !has(attributes, 'popup') && !has(attributes, 'collapsed')) set('collapsed', true);
  tristate('pressed');
  const current = attr('aria-current');
  if (current !== 'false') set('aria-current', current);
  set('data-state', attr('data-state'));
  // A calendar's day: its full date when the widget gives it on the cell (title and aria-label are names).
  set('data-date', attr('data-date') ?? getAttribute(closest(element, 'td[data-date],[role=gridcell][data-date]') ?? element, 'data-date'));
  set('contenteditable', isEditingHost(element));
  if (extra.length) addExtra(element, attributes, extra, secret);
  return { attributes, label, nameElements };
}

/** A name without the colon a form layout puts after its labels ("Email:", `::after { content: ":" }`). */
function withoutColon(name: string): string {
  let end = name.length;
  while (end > 1 && stringIndexOf(':： ', name[end - 1]!) >= 0) end--;
  return stringSlice(name, 0, end);
}
