// A native <select>: the option whose visible text (or value) matches is chosen as a person picking it
// from the popup would, with the input and change events React and Vue listen to, then verified.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { fireChange } from './text-editing.js';
import { matches } from '../platform.js';
import { watchChanges } from './change-watch.js';
import { hasBox } from './geometry.js';
import { listOptions, matchOption } from './option-match.js';
import { reachAndClick, unreachedResult } from './reach.js';
import { fail, isDisabled, quote, sentence, succeed, type Target } from './resolve-target.js';

function optionLabel(option: HTMLOptionElement): string {
  return option.label || option.text;
}

/** Chooses the option of a native select whose text (or value) matches, as a person picking it would. */
export async function chooseNativeOption(ctx: DomContext, target: Target, select: HTMLSelectElement, wanted: string, signal?: AbortSignal): Promise<ActionResult> {
  const options = Array.from(select.options);
  const match = matchOption(options.map((o) => ({ text: optionLabel(o), value: o.value })), wanted);
  if (!match.found) {
    const prefix = match.ambiguous.length > 1 ? `${quote(wanted)} matches several options of ${target.description}; say which one.` : `No option of ${target.description} matches ${quote(wanted)}; nothing was selected.`;
    const texts = match.ambiguous.length > 1 ? match.ambiguous.map((i) => optionLabel(options[i]!)) : options.map(optionLabel);
    return fail(`${prefix} ${listOptions(texts)}`);
  }
  const option = options[match.position]!;
  const label = quote(optionLabel(option));
  if (isDisabled(select)) return fail(`Did not select ${label} in ${target.description}: the dropdown is disabled.`);
  // :disabled covers an option of a disabled <optgroup> too.
  if (matches(option, ':disabled')) {
    return fail(`Did not select ${label} in ${target.description}: that option is disabled.`);
  }
  if (option.selected && !select.multiple) return succeed(`${label} is already selected in ${target.description}; nothing changed.`);
  // Libraries such as Select2 and Chosen hide the native select behind their own widget and listen
  // to its change event: a hidden select is set directly, without pointer events.
  const hidden = !hasBox(select);
  if (!hidden) {
    const failed = await reachAndClick(ctx, { ...target, element: select }, 'open', signal);
    if (failed) return unreachedResult(failed);
  }
  const finishWatch = watchChanges(ctx, select, signal);
  // Choosing from the native popup sets the selection, then fires input and change (HTML §4.10.7).
  if (select.multiple) option.selected = true;
  else select.selectedIndex = option.index;
  fireChange(select, 'Event');
  const notes = await finishWatch();
  if (!option.selected) {
    const now = select.selectedOptions[0];
    return fail(sentence(`Selected ${label} in ${target.description}, but the page reverted it; it shows ${quote(now ? optionLabel(now) : '')}.`, notes));
  }
  const how = match.how === 'text' ? '' : ` (matched by ${match.how === 'value' ? 'value' : 'part of its text'})`;
  const multiple = select.multiple ? ` Selected now: ${Array.from(select.selectedOptions).map((o) => quote(optionLabel(o))).join(', ')}.` : '';
  const via = hidden ? ' The <select> itself is hidden (a custom widget shows it), so its value was set directly.' : '';
  return succeed(sentence(`Selected ${label}${how} in ${target.description}.${multiple}${via}`, notes));
}

