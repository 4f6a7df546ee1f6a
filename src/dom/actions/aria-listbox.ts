// Custom dropdowns built on ARIA (WAI-ARIA APG combobox and listbox patterns): open the combobox
// with a click, find role=option in its popup (aria-controls/aria-owns, or options that just
// appeared), type to filter when the combobox is editable, click the option and verify the choice.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { attr, closest, isConnected, matches, nextFrame, queryAll, rootOf } from '../platform.js';
import { watchChanges } from './change-watch.js';
import { hasBox } from './geometry.js';
import { listOptions, matchOption, normalizeOptionText } from './option-match.js';
import { reachAndClick, unreachedResult } from './reach.js';
import { fail, isDisabled, quote, sentence, succeed, type Target } from './resolve-target.js';
import { EVERY_KEY, editableOf, typeIntoField, typeIntoRich } from './text-editing.js';

/** Choices in a popup: listbox options, and the items of a menu opened by a menu button. */
const OPTION_SELECTOR = '[role=option], [role=menuitem], [role=menuitemradio], [role=menuitemcheckbox], [role=treeitem]';

/** Frames to wait for a popup to render its options after opening or typing. */
const POPUP_WAIT_FRAMES = 30;

function isComboLike(element: Element): boolean {
  const role = attr(element, 'role');
  if (role === 'combobox' || role === 'listbox' || role === 'menu') return true;
  return /^(listbox|true|menu|dialog|tree|grid)$/.test(attr(element, 'aria-haspopup') ?? '');
}

/** The combobox or listbox the target stands for: itself, an ancestor, or the single one inside it. */
function widgetOf(element: Element): Element | null {
  if (isComboLike(element)) return element;
  const ancestor = closest(element, '[role=combobox], [role=listbox], [role=menu]');
  if (ancestor) return ancestor;
  const inside = queryAll(element, '[role=combobox], [role=listbox], [aria-haspopup=listbox]');
  return inside.length === 1 ? inside[0]! : null;
}

/** The elements `from` names in aria-controls and aria-owns, looked up in its tree, then its document. */
function controlledBy(from: Element): Element[] {
  const root = rootOf(from) as Document | ShadowRoot;
  const found: Element[] = [];
  for (const id of `${attr(from, 'aria-controls') ?? ''} ${attr(from, 'aria-owns') ?? ''}`.split(/\s+/)) {
    if (!id) continue;
    const el = (root as Document).getElementById?.(id) ?? from.ownerDocument.getElementById(id);
    if (el) found.push(el);
  }
  return found;
}

function optionsIn(containers: Element[]): Element[] {
  const found: Element[] = [];
  for (const container of containers) {
    if (matches(container, OPTION_SELECTOR)) found.push(container);
    found.push(...queryAll(container, OPTION_SELECTOR));
  }
  return found.filter(hasBox);
}

function visibleOptionsInPage(widget: Element): Element[] {
  return queryAll(widget.ownerDocument, OPTION_SELECTOR).filter(hasBox);
}

function optionText(option: Element): string {
  return attr(option, 'aria-label') || (option as HTMLElement).innerText || option.textContent || '';
}

/**
 * The options of the widget's popup that are on screen now. Without `before`, only options the widget
 * owns (aria-controls/aria-owns, or its own listbox); with it, also options that appeared since.
 */
function popupOptions(widget: Element, before?: Set<Element>): Element[] {
  const controlled = controlledBy(widget);
  const input = widget.querySelector('[aria-controls], [aria-owns]');
  if (input) controlled.push(...controlledBy(input));
  if (attr(widget, 'role') === 'listbox' || attr(widget, 'role') === 'menu') controlled.push(widget);
  const own = optionsIn(controlled);
  if (own.length || !before) return own;
  // No reference to the popup: options that appeared since opening it (popups often render in a portal).
  return visibleOptionsInPage(widget).filter((el) => !before.has(el));
}

async function waitForOptions(widget: Element, before: Set<Element>, signal?: AbortSignal): Promise<Element[]> {
  for (let i = 0; i < POPUP_WAIT_FRAMES; i++) {
    const options = popupOptions(widget, before);
    if (options.length) return options;
    signal?.throwIfAborted();
    await nextFrame();
  }
  return popupOptions(widget, before);
}

function shows(widget: Element, text: string): boolean {
  const wanted = normalizeOptionText(text);
  const field = widget.localName === 'input' ? (widget as HTMLInputElement) : (widget.querySelector('input') as HTMLInputElement | null);
  const visible = normalizeOptionText(`${field?.value ?? ''} ${(widget as HTMLElement).innerText ?? ''}`);
  return wanted !== '' && visible.includes(wanted);
}

/**
 * Chooses an option of an ARIA combobox or listbox; returns null when the target is not one, so the
 * caller can say so without having touched the page.
 */
export async function chooseAriaOption(ctx: DomContext, target: Target, wanted: string, signal?: AbortSignal): Promise<ActionResult | null> {
  const widget = widgetOf(target.element);
  if (!widget) return null;
  if (isDisabled(widget)) return fail(`Did not open ${target.description}: it is disabled.`);
  const before = new Set(visibleOptionsInPage(widget));
  let options = popupOptions(widget);
  // Whether this action opened the list or typed into it.
  let touched = false;
  if (!options.length) {
    const failed = await reachAndClick(ctx, { ...target, element: widget }, 'open', signal);
    if (failed) return unreachedResult(failed);
    touched = true;
    options = await waitForOptions(widget, before, signal);
  }
  let match = matchOption(options.map((o) => ({ text: optionText(o), value: attr(o, 'data-value') ?? undefined })), wanted);
  const editable = editableOf(widget);
  if (!match.found && editable && (editable.kind === 'text' || editable.kind === 'rich') && !isDisabled(editable.element)) {
    // An editable combobox filters as you type; options further down a long list often appear only then.
    if (editable.kind === 'rich') await typeIntoRich(editable.element, wanted, EVERY_KEY, signal);
    else await typeIntoField(editable.element, wanted, EVERY_KEY, signal);
    touched = true;
    options = await waitForOptions(widget, before, signal);
    match = matchOption(options.map((o) => ({ text: optionText(o), value: attr(o, 'data-value') ?? undefined })), wanted);
  }
  if (!match.found) {
    const texts = (match.ambiguous.length > 1 ? match.ambiguous.map((i) => options[i]!) : options).map(optionText);
    const what = match.ambiguous.length > 1 ? `${quote(wanted)} matches several options of ${target.description}; say which one.` : `No option of ${target.description} matches ${quote(wanted)}; nothing was selected.`;
    const state = !options.length ? ' No options appeared after opening it.' : touched ? ' The list is left open.' : '';
    return fail(`${what}${state} ${options.length ? listOptions(texts) : ''}`.trim());
  }
  const option = options[match.position]!;
  const label = quote(optionText(option));
  if (attr(option, 'aria-disabled') === 'true') return fail(`Did not select ${label} in ${target.description}: that option is disabled.`);
  const finishWatch = watchChanges(ctx, widget, signal);
  const failed = await reachAndClick(ctx, { ...target, element: option, description: `the option ${label}` }, 'click', signal);
  if (failed) {
    await finishWatch({ settleFrames: 0 });
    return unreachedResult(failed);
  }
  const notes = await finishWatch();
  const selected = (isConnected(option) && attr(option, 'aria-selected') === 'true') || shows(widget, optionText(option));
  if (!selected && isConnected(option) && hasBox(option) && attr(option, 'aria-selected') === 'false') {
    return fail(sentence(`Clicked the option ${label} of ${target.description}, but it is not selected.`, notes));
  }
  const confirmation = selected ? '' : ' The widget does not show the choice in a way that could be verified; read the page to check.';
  return succeed(sentence(`Selected ${label} in ${target.description}.${confirmation}`, notes));
}
