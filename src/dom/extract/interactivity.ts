// Decides whether an element is interactive from every signal an in-page script can honestly read:
// tag, ARIA widget role, contenteditable, tabindex, inline and property handlers, a pointer cursor
// that starts here, listeners seen by the early-load tracker, and framework handler props.
// Visibility and scroll containers are decided by the walk, not here.
import { stringSet } from '../intrinsics.js';
import { frameworkMarks } from './framework-handlers.js';
import { hasTrackedListener, trackedListenerTypeCount } from './listener-tracker.js';
import { getAttribute, getAttributeNames, hasAttribute, namespaceURI, onclickHandler, onmousedownHandler } from '../platform.js';

/** Why an element is listed with an index. */
export type InteractiveReason = 'tag' | 'role' | 'editable' | 'tabindex' | 'handler' | 'cursor' | 'listener' | 'framework';

/** ARIA widget roles (WAI-ARIA 1.2 §5.3.2) a user operates directly. */
const WIDGET_ROLES = stringSet([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'combobox',
  'listbox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'scrollbar', 'treeitem',
]);
const HANDLER_ATTRIBUTES = stringSet([
  'onclick', 'ondblclick', 'onmousedown', 'onmouseup', 'onpointerdown', 'onpointerup', 'ontouchstart', 'onkeydown', 'onkeyup', 'onkeypress',
]);
const LISTENER_TYPES = ['click', 'mousedown', 'pointerdown', 'keydown', 'mouseup', 'pointerup', 'dblclick', 'touchstart'];
/** A root that registered this many tracked types delegates events for a whole app (React, Preact compat). */
const DELEGATION_TYPES = 8;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const NEVER = stringSet(['html', 'body', 'head', 'iframe', 'frame', 'frameset', 'slot', 'label', 'option', 'optgroup', 'datalist']);

/** Tags that are interactive by themselves (when not disabled or hidden); `a` needs an href, `input` a type other than hidden. */
export function isNativelyInteractive(element: Element, tag: string): boolean {
  switch (tag) {
    case 'button':
    case 'select':
    case 'textarea':
    case 'summary':
      return true;
    case 'a':
    case 'area':
      return hasAttribute(element, 'href');
    case 'input':
      return getAttribute(element, 'type') !== 'hidden';
    case 'audio':
    case 'video':
      return hasAttribute(element, 'controls');
    default:
      return false;
  }
}

/** Whether `contenteditable` makes this element an editing host (not `false`). */
export function isEditingHost(element: Element): boolean {
  const value = getAttribute(element, 'contenteditable');
  return value !== null && value !== 'false';
}

/**
 * The first signal that makes `element` interactive, or null. `cursor` is its computed cursor and
 * `parentCursor` its parent's: a pointer only counts where it starts, not where it is inherited.
 */
export function interactiveReason(element: Element, tag: string, cursor: string, parentCursor: string): InteractiveReason | null {
  if (NEVER[tag]) return null;
  if (isNativelyInteractive(element, tag)) return 'tag';
  const names = getAttributeNames(element);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name === 'role') {
      const role = getAttribute(element, 'role');
      if (role !== null && WIDGET_ROLES[role]) return 'role';
    } else if (name === 'contenteditable') {
      if (isEditingHost(element)) return 'editable';
    } else if (name === 'tabindex') {
      const value = getAttribute(element, 'tabindex');
      if (value && +value >= 0) return 'tabindex';
    } else if (HANDLER_ATTRIBUTES[name]) {
      return 'handler';
    }
  }
  if (cursor === 'pointer' && parentCursor !== 'pointer') return 'cursor';
  // A framework root (React's container) carries handlers for the whole app, including the
  // `onclick` no-op React sets for old Safari: never a control itself.
  const marks = frameworkMarks(element);
  if (marks.root) return null;
  // Handlers assigned as properties (`el.onclick = fn`) leave no attribute.
  if (namespaceURI(element) === HTML_NS && (typeof onclickHandler(element) === 'function' || typeof onmousedownHandler(element) === 'function')) {
    return 'handler';
  }
  if (hasListenerSignal(element)) return 'listener';
  return marks.handler ? 'framework' : null;
}

function hasListenerSignal(element: Element): boolean {
  if (!hasTrackedListener(element)) return false;
  let found = false;
  for (let i = 0; i < LISTENER_TYPES.length && !found; i++) found = hasTrackedListener(element, LISTENER_TYPES[i]);
  return found && trackedListenerTypeCount(element) < DELEGATION_TYPES;
}
