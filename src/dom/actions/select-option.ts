// select_dropdown_option: finds what kind of dropdown the index is (native <select>, an input with a
// <datalist>, an ARIA combobox/listbox/menu) and hands it to the matching module. A missing option is
// reported with the options that exist; nothing is changed then.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { queryAll } from '../platform.js';
import { chooseAriaOption } from './aria-listbox.js';
import { inputText } from './input-text.js';
import { chooseNativeOption } from './native-select.js';
import { listOptions, matchOption } from './option-match.js';
import { fail, isFailure, quote, resolveTarget, succeed, type Target } from './resolve-target.js';

/** The native select behind an element: itself, a label's control, or the only select inside a wrapper. */
function nativeSelectOf(element: Element): HTMLSelectElement | null {
  if (element.localName === 'select') return element as HTMLSelectElement;
  if (element.localName === 'label') {
    const control = (element as HTMLLabelElement).control;
    if (control?.localName === 'select') return control as HTMLSelectElement;
  }
  const inside = queryAll(element, 'select');
  return inside.length === 1 ? (inside[0] as HTMLSelectElement) : null;
}

/**
 * An input with a <datalist>: its suggestions live in a native popup a script cannot click, so the
 * matching option's value is typed, key by key, as a person picking it would leave it.
 */
async function chooseDatalistOption(ctx: DomContext, target: Target, input: HTMLInputElement, wanted: string, signal?: AbortSignal): Promise<ActionResult> {
  const options = Array.from(input.list?.querySelectorAll('option') ?? []) as HTMLOptionElement[];
  const match = matchOption(options.map((o) => ({ text: o.label || o.value, value: o.value })), wanted);
  if (!match.found) {
    const texts = options.map((o) => o.label || o.value);
    return fail(`No suggestion of ${target.description} matches ${quote(wanted)}; nothing was typed. ${listOptions(texts)} It also accepts free text through input_text.`);
  }
  const value = options[match.position]!.value;
  const typed = await inputText(ctx, target.index, value, { keyByKey: true, signal });
  return typed.success ? succeed(`Chose the suggestion ${quote(value)}: ${typed.message}`) : typed;
}

/**
 * Chooses an option of the dropdown with this index by its text: native selects directly, ARIA
 * comboboxes and listboxes by opening them and clicking the option.
 */
export async function selectOption(ctx: DomContext, index: number, optionText: string, signal?: AbortSignal): Promise<ActionResult> {
  signal?.throwIfAborted();
  const target = resolveTarget(ctx, index);
  if (isFailure(target)) return target;
  const select = nativeSelectOf(target.element);
  if (select) return chooseNativeOption(ctx, target, select, optionText, signal);
  if (target.element.localName === 'input' && (target.element as HTMLInputElement).list) {
    return chooseDatalistOption(ctx, target, target.element as HTMLInputElement, optionText, signal);
  }
  const aria = await chooseAriaOption(ctx, target, optionText, signal);
  if (aria) return aria;
  return fail(`${target.description} is not a dropdown (no <select>, combobox or listbox); nothing was selected. Click it to open it, then click the option you want.`);
}
