// click_element_by_index: reach the element like a person (scroll, stable box, hit-test, refuse when
// covered), then the full pointer sequence with real coordinates, and report what changed.
import type { DomContext } from '../context.js';
import { describeElement } from '../describe.js';
import type { ActionResult } from '../types.js';
import { attr, closest } from '../platform.js';
import { watchChanges } from './change-watch.js';
import { movePointer, pressAndRelease } from './pointer.js';
import { reachElement, unreachedResult } from './reach.js';
import { disabledResult, fail, isFailure, resolveTarget, sentence, succeed, waitUntilEnabled } from './resolve-target.js';

const FORMATTED_INPUTS = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color']);

/** What a click on this kind of element cannot do, and which tool does it instead. */
function elementNotes(element: Element): string[] {
  if (element.localName === 'select') return ['A click cannot open the native list of a <select>; use select_dropdown_option to choose an option.'];
  if (element.localName === 'input') {
    const type = (element as HTMLInputElement).type;
    if (type === 'file') return ['A file chooser cannot be operated by the agent; ask the user to pick the file.'];
    if (FORMATTED_INPUTS.has(type)) return [`Its picker cannot be operated by clicks; use input_text with the ${type} value instead.`];
  }
  const link = closest(element, 'a[href]');
  if (!link) return [];
  const targetAttr = attr(link, 'target');
  if (targetAttr === '_blank') return ['The link opens in a new tab or window, which the agent cannot see; this page stays as it was.'];
  if (link.hasAttribute('download')) return ['The link downloads a file.'];
  return [];
}

/**
 * Clicks the element with this index the way a person would, refusing when something covers it.
 * @see https://w3c.github.io/pointerevents/#the-pointerdown-event (event order)
 */
export async function clickElement(ctx: DomContext, index: number, signal?: AbortSignal): Promise<ActionResult> {
  signal?.throwIfAborted();
  const target = resolveTarget(ctx, index);
  if (isFailure(target)) return target;
  if (!(await waitUntilEnabled(target.element, signal))) return disabledResult(target, 'click');
  const reached = await reachElement(ctx, target, 'click', signal);
  if (isFailure(reached)) return unreachedResult(reached);
  signal?.throwIfAborted();
  const finishWatch = watchChanges(ctx, target.element, signal);
  movePointer(ctx, reached.element, reached.top);
  const clicked = pressAndRelease(reached.element, reached.top);
  ctx.overlay.pressCursor();
  const notes = await finishWatch();
  if (!clicked) {
    return fail(sentence(`Pressed the mouse on ${target.description}, but it left the page before the button was released, so no click happened.`, notes));
  }
  const via = reached.viaLabel ? ` through its label ${describeElement(reached.viaLabel)}` : '';
  const changes = notes.length ? notes : ['No change in the page was detected yet.'];
  return succeed(sentence(`Clicked ${target.description}${via}.`, [...elementNotes(target.element), ...changes]));
}
