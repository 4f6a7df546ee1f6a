// input_text on an element with a range role that is no native input (the sliders of Radix, Ant
// Design and Element Plus are spans and divs with role=slider and aria-valuenow): the number is
// reached with the keys the ARIA Authoring Practices give these widgets, re-reading aria-valuenow
// after each. Reading the number from the text and focusing the widget are input-text.ts's.
import type { ActionResult } from '../types.js';
import { attr, yieldToPage } from '../platform.js';
import { RANGE_ROLES } from '../extract/accessible-name.js';
import { tapKey } from './keyboard.js';
import { fail, succeed, type Target } from './resolve-target.js';

/** Most keys pressed for one value, so a widget that never arrives cannot hold the step. */
const MAX_KEYS = 300;

/** aria-valuenow, aria-valuemin or aria-valuemax as a number (NaN when absent or not a number). */
function valueOf(element: Element, name: 'now' | 'min' | 'max'): number {
  return parseFloat(attr(element, `aria-value${name}`)!);
}

/** Whether the element has a range role (slider, spinbutton, scrollbar, …) and states its value in aria-valuenow. */
export function isAriaRange(element: Element): boolean {
  return RANGE_ROLES[attr(element, 'role')!] && !isNaN(valueOf(element, 'now'));
}

/**
 * Moves an ARIA range widget to `goal` by keys, after `focus` (which returns a failure, or null):
 * Home or End when the goal is a bound, else ArrowUp or ArrowDown (they raise and lower sliders of
 * either orientation, and spinbuttons), one press at a time until aria-valuenow equals it. A goal
 * outside aria-valuemin/max is refused before anything happens. A press that brings the value no
 * nearer ends it: the widget stood still, moved away, or stepped past the goal, and a step past to a
 * farther value is taken back by the opposite arrow. A goal between two steps is not rounded: the
 * result fails, naming the nearest value reached, which the widget is left at.
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/slider/#keyboardinteraction
 */
export async function setAriaRange(target: Target, goal: number, focus: () => Promise<ActionResult | null>, signal?: AbortSignal): Promise<ActionResult> {
  const { element, description } = target;
  const refused = `Did not set ${description} to ${goal}: it`;
  const min = valueOf(element, 'min');
  const max = valueOf(element, 'max');
  if (goal < min || goal > max) return fail(`${refused} takes ${min} to ${max}.`);
  const unfocused = await focus();
  if (unfocused) return unfocused;
  for (let now = valueOf(element, 'now'), presses = 0; now !== goal && presses++ < MAX_KEYS; ) {
    signal?.throwIfAborted();
    const up = goal > now;
    tapKey(element, goal === min ? 'Home' : goal === max ? 'End' : up ? 'ArrowUp' : 'ArrowDown');
    // The page's handler may update aria-valuenow after the event (React commits in a microtask).
    await yieldToPage();
    const next = valueOf(element, 'now');
    if (!(Math.abs(goal - next) < Math.abs(goal - now))) {
      if (next !== now) tapKey(element, up ? 'ArrowDown' : 'ArrowUp');
      break;
    }
    now = next;
  }
  await yieldToPage();
  const reached = valueOf(element, 'now');
  return reached === goal ? succeed(`Set ${description} to ${goal}.`) : fail(`${refused} now shows ${reached}, the nearest its keys reached.`);
}
