// The default actions browsers attach to trusted key presses, which synthetic events do not trigger:
// Enter submits a form (through its default button) or activates a button/link, Space activates
// controls, Tab moves focus, Escape closes a modal dialog or popover, Backspace/Delete/characters edit,
// arrows move the caret, change a select/number/range/radio, or scroll. Each returns a note or nothing.
import { attr, dispatchEvent, execCommand, focusElement, matches, queryAll, realmOf } from '../platform.js';
import { moveFocusSequentially } from './focus.js';
import { typesText, type KeyCombo } from './keyboard.js';
import { isDisabled } from './resolve-target.js';
import { deleteAtCaret, editableOf, fireChange, hasSelectionApi, inputEvent, insertRich, insertTyped } from './text-editing.js';
import { describeElement } from '../describe.js';

const BLOCKS_IMPLICIT_SUBMISSION = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'date', 'time', 'datetime-local', 'month', 'week', 'number']);
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image']);

function activationClick(element: Element): void {
  const realm = realmOf(element);
  // Keyboard activation sends a click with detail 0 and no coordinates, as Chromium does.
  dispatchEvent(element, new realm.PointerEvent('click', { bubbles: true, cancelable: true, composed: true, view: realm.window, detail: 0, pointerId: -1, pointerType: '' }));
}

function isButtonLike(element: Element): boolean {
  if (element.localName === 'button') return true;
  if (element.localName === 'input') return BUTTON_INPUTS.has((element as HTMLInputElement).type);
  return false;
}


/** Whether Space activates the element (on keyup): buttons, summaries, checkboxes and radios. */
function activatesOnSpace(element: Element): boolean {
  return isButtonLike(element) || element.localName === 'summary' || (element.localName === 'input' && ['checkbox', 'radio'].includes((element as HTMLInputElement).type));
}

/**
 * Implicit submission (HTML §4.10.21.2): click the form's default button; without one, submit when
 * at most one field blocks implicit submission.
 */
function submitImplicitly(field: HTMLInputElement): string | void {
  const form = field.form;
  if (!form) return;
  // The default button: the form's first submit button (a <button> is never of type image).
  const button = Array.from(form.elements).find((el) => isButtonLike(el) && ['submit', 'image'].includes((el as HTMLInputElement).type));
  if (button) {
    if (isDisabled(button)) return `The form's submit button ${describeElement(button)} is disabled, so Enter did not submit the form.`;
    activationClick(button);
    return;
  }
  const blocking = Array.from(form.elements).filter((el) => el.localName === 'input' && BLOCKS_IMPLICIT_SUBMISSION.has((el as HTMLInputElement).type));
  if (blocking.length > 1) return 'The form has no submit button and several fields, so Enter does not submit it.';
  form.requestSubmit();
  return;
}

/** Scrolls the element's window by `top`, or to `top` when `absolute`. */
function scrollWindow(element: Element, top: number, absolute?: boolean): void {
  element.ownerDocument.defaultView?.[absolute ? 'scrollTo' : 'scrollBy']({ top, behavior: 'instant' });
}

function stepSelect(select: HTMLSelectElement, forward: boolean, edge: boolean): void {
  const enabled = Array.from(select.options).filter((o) => !o.disabled);
  const current = select.selectedIndex;
  let next: HTMLOptionElement | undefined;
  if (edge) next = forward ? enabled[enabled.length - 1] : enabled[0];
  else next = forward ? enabled.find((o) => o.index > current) : enabled.findLast((o) => o.index < current);
  if (!next || next.index === current) return;
  select.selectedIndex = next.index;
  fireChange(select, 'Event');
}

function stepRadio(radio: HTMLInputElement, forward: boolean): void {
  const root = radio.form ?? radio.ownerDocument;
  const group = (queryAll(root as Document, 'input[type=radio]') as HTMLInputElement[]).filter((r) => r.name === radio.name && !r.disabled);
  const position = group.indexOf(radio);
  if (position < 0 || group.length < 2) return;
  const next = group[(position + (forward ? 1 : -1) + group.length) % group.length]!;
  focusElement(next);
  // Arrow keys in a radio group check the newly focused radio, which fires a click (HTML §4.10.5.1.15).
  activationClick(next);
}

function closeModal(doc: Document): void {
  const modal = queryAll(doc, 'dialog[open]').findLast((d) => matches(d, ':modal')) as HTMLDialogElement | undefined;
  if (modal) {
    const withRequest = modal as HTMLDialogElement & { requestClose?: () => void };
    if (typeof withRequest.requestClose === 'function') withRequest.requestClose();
    else if (dispatchEvent(modal, new (realmOf(modal).Event)('cancel', { cancelable: true }))) modal.close();
    return;
  }
  const popover = queryAll(doc, '[popover]').findLast((p) => matches(p, ':popover-open') && attr(p, 'popover') !== 'manual') as HTMLElement | undefined;
  popover?.hidePopover();
  return;
}

/** Runs the browser's default action of a keydown that the page did not cancel; returns a note, or nothing. */
export function keyDownDefault(element: Element, combo: KeyCombo, keypressAllowed: boolean): string | void {
  const { key, modifiers } = combo;
  const editable = editableOf(element);
  const textField = editable?.kind === 'text' && editable.element === element ? editable.element : null;
  const rich = editable?.kind === 'rich' && (element as HTMLElement).isContentEditable ? editable.element : null;
  const command = modifiers.ctrlKey || modifiers.metaKey;
  const name = key.key;
  // Space and Page Up/Down scroll by 87.5% of the viewport, as Chromium does.
  const page = (element.ownerDocument.defaultView?.innerHeight ?? 600) * 0.875;
  if (name === 'Tab' && !command && !modifiers.altKey) {
    const doc = element.ownerDocument;
    const from = element === doc.body || element === doc.documentElement ? null : element;
    if (!moveFocusSequentially(from, doc, modifiers.shiftKey)) return 'Nothing on the page can take focus.';
    return;
  }
  if (name === 'Escape') return closeModal(element.ownerDocument);
  if (command && name.toLowerCase() === 'a') {
    if (textField) textField.select();
    else if (rich) element.ownerDocument.getSelection()?.selectAllChildren(rich);
    else execCommand(element.ownerDocument, 'selectAll');
    return;
  }
  if (command || modifiers.altKey) return;
  if (name === 'Backspace' || name === 'Delete') {
    if (textField) deleteAtCaret(textField, name === 'Delete');
    else if (rich) execCommand(element.ownerDocument, name === 'Delete' ? 'forwardDelete' : 'delete');
    return;
  }
  const input = element.localName === 'input' ? (element as HTMLInputElement) : null;
  if (name === 'Enter') {
    if (!keypressAllowed) return;
    if (element.localName === 'textarea' && textField) insertTyped(textField, '\n');
    else if (rich) insertRich(rich, '\n');
    else if (isButtonLike(element) || matches(element, 'a[href], area[href], summary')) activationClick(element);
    else if (input && BLOCKS_IMPLICIT_SUBMISSION.has(input.type)) {
      // Chromium announces the line break a single-line field refuses; cancelling it stops the submission.
      if (inputEvent(input, 'beforeinput', 'insertLineBreak', '')) return submitImplicitly(input);
    } else if (input) return submitImplicitly(input);
    return;
  }
  if (key.text !== undefined) {
    if (!keypressAllowed) return;
    if (textField) insertTyped(textField, key.text);
    else if (rich) insertRich(rich, key.text);
    else if (name === ' ' && !activatesOnSpace(element)) scrollWindow(element, modifiers.shiftKey ? -page : page);
    return;
  }
  const forward = name === 'ArrowDown' || name === 'ArrowRight' || name === 'PageDown' || name === 'End';
  const edge = name === 'Home' || name === 'End';
  const vertical = name === 'ArrowUp' || name === 'ArrowDown';
  if (!/^(Arrow|Home|End|Page)/.test(name)) return;
  if (textField) {
    if (!hasSelectionApi(textField)) return;
    const at = edge || vertical ? (forward ? textField.value.length : 0) : Math.max(0, Math.min(textField.value.length, (textField.selectionStart ?? 0) + (forward ? 1 : -1)));
    if (textField.localName === 'input' || edge) textField.setSelectionRange(at, at);
    return;
  }
  if (element.localName === 'select') {
    stepSelect(element as HTMLSelectElement, forward, edge);
    return;
  }
  if (input && (input.type === 'number' || input.type === 'range') && name.startsWith('Arrow')) {
    const up = name === 'ArrowUp' || name === 'ArrowRight';
    try {
      if (up) input.stepUp();
      else input.stepDown();
    } catch {
      return;
    }
    fireChange(input, 'InputEvent');
    return;
  }
  if (input && input.type === 'radio' && name.startsWith('Arrow')) {
    stepRadio(input, forward);
    return;
  }
  if (!rich) {
    if (vertical) scrollWindow(element, forward ? 40 : -40);
    else if (name === 'PageDown' || name === 'PageUp') scrollWindow(element, forward ? page : -page);
    else if (edge) scrollWindow(element, forward ? element.ownerDocument.documentElement.scrollHeight : 0, true);
  }
  return;
}

/** Runs the default action of a keyup: Space activates buttons, checkboxes, radios and summaries. */
export function keyUpDefault(element: Element, combo: KeyCombo, keydownAllowed: boolean): void {
  if (!keydownAllowed || combo.key.key !== ' ' || !typesText(combo)) return;
  if (activatesOnSpace(element)) activationClick(element);
}
